import Moji

/// The titles of the picker's own sections, which CLDR does not name, in the languages people
/// most use; other locales read English. Unicode group titles come from CLDR.
enum PickerSectionTitles {
    /// The titles of the frequent, pinned and recent lists and of the search results, by language.
    private static let table: [String: [String]] = [
        "en": ["Frequently Used", "Favorites", "Recent", "Search Results"],
        "de": ["Häufig verwendet", "Favoriten", "Zuletzt verwendet", "Suchergebnisse"],
        "es": ["Usados con frecuencia", "Favoritos", "Recientes", "Resultados de la búsqueda"],
        "fr": ["Fréquemment utilisés", "Favoris", "Récents", "Résultats de la recherche"],
        "it": ["Usati di frequente", "Preferiti", "Recenti", "Risultati della ricerca"],
        "ja": ["よく使う項目", "お気に入り", "最近使用した項目", "検索結果"],
        "ko": ["자주 사용하는 항목", "즐겨찾기", "최근 항목", "검색 결과"],
        "nl": ["Veelgebruikt", "Favorieten", "Recent", "Zoekresultaten"],
        "pl": ["Często używane", "Ulubione", "Ostatnie", "Wyniki wyszukiwania"],
        "pt": ["Usados com frequência", "Favoritos", "Recentes", "Resultados da pesquisa"],
        "ru": ["Часто используемые", "Избранное", "Недавние", "Результаты поиска"],
        "sv": ["Ofta använda", "Favoriter", "Senaste", "Sökresultat"],
        "tr": ["Sık kullanılanlar", "Favoriler", "Son kullanılanlar", "Arama sonuçları"],
        "uk": ["Часто використовувані", "Вибране", "Нещодавні", "Результати пошуку"],
        "zh": ["常用", "收藏", "最近使用", "搜索结果"],
        "zh-Hant": ["常用", "我的最愛", "最近使用", "搜尋結果"],
    ]

    /// The title of a picker section (not a group or custom set) in `locale`.
    static func title(of id: PickerSectionID, in locale: MojiLocale) -> String? {
        let slot: Int
        switch id {
        case .frequent: slot = 0
        case .pinned: slot = 1
        case .recent: slot = 2
        case .searchResults: slot = 3
        case .group, .customSet: return nil
        }
        let scripted = locale.identifier.split(separator: "-").prefix(2).joined(separator: "-")
        let titles = table[scripted] ?? table[locale.language] ?? table["en"]!
        return titles[slot]
    }
}
