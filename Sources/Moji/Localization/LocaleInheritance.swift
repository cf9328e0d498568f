/// CLDR's locale inheritance, for the locales that carry emoji annotations.
///
/// A locale inherits from its explicit parent (CLDR `parentLocales`) when it has one, else
/// from the identifier with its last subtag removed, and a language from `root`.
package enum LocaleInheritance {
    /// CLDR 48 `parentLocales` (supplementalData.xml) for the locales where truncation gives the
    /// wrong parent. Only the regions listed inherit from `en-001`: `en-CA` is not among them, so
    /// Canadian English inherits from `en` (US spelling, "Mrs. Claus"), as CLDR says.
    package static let explicitParents: [String: String] = {
        var parents: [String: String] = [:]
        // English outside the US and Canada inherits from en-001 (world English).
        for region in [
            "150", "AG", "AI", "AU", "BB", "BM", "BS", "BW", "BZ", "CC", "CK", "CM", "CX", "CY", "DG",
            "DM", "ER", "FJ", "FK", "FM", "GB", "GD", "GG", "GH", "GI", "GM", "GS", "GY", "HK", "ID",
            "IE", "IL", "IM", "IN", "IO", "JE", "JM", "KE", "KI", "KN", "KY", "LC", "LR", "LS", "MG",
            "MO", "MS", "MT", "MU", "MV", "MW", "MY", "NA", "NF", "NG", "NR", "NU", "NZ", "PG", "PK",
            "PN", "PW", "RW", "SB", "SC", "SD", "SG", "SH", "SL", "SS", "SX", "SZ", "TC", "TK", "TO",
            "TT", "TV", "TZ", "UG", "VC", "VG", "VU", "WS", "ZA", "ZM", "ZW",
        ] {
            parents["en-\(region)"] = "en-001"
        }
        // English in continental Europe inherits from en-150 (European English), itself under en-001.
        for region in [
            "AT", "BE", "CH", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GE", "HU", "IT", "LT", "LV",
            "NL", "NO", "PL", "PT", "RO", "SE", "SI", "SK", "UA",
        ] {
            parents["en-\(region)"] = "en-150"
        }
        // Spanish in the Americas (and Japan) inherits from es-419 (Latin American Spanish).
        for region in [
            "AR", "BO", "BR", "BZ", "CL", "CO", "CR", "CU", "DO", "EC", "GT", "HN", "JP", "MX", "NI", "PA",
            "PE", "PR", "PY", "SV", "US", "UY", "VE",
        ] {
            parents["es-\(region)"] = "es-419"
        }
        // Portuguese outside Brazil inherits from pt-PT.
        for region in ["AO", "CH", "CV", "FR", "GQ", "GW", "LU", "MO", "MZ", "ST", "TL"] {
            parents["pt-\(region)"] = "pt-PT"
        }
        parents["zh-Hant-MO"] = "zh-Hant-HK"
        parents["hi-Latn"] = "en-IN"
        parents["ht"] = "fr-HT"
        parents["nb"] = "no"
        parents["nn"] = "no"
        parents["no-NO"] = "no"
        // CLDR's `nonlikelyScript` rule: a script other than the language's usual one starts afresh from
        // root rather than inheriting the language. These are the locales CLDR lists for it, and zh-Latn,
        // which the rule covers though CLDR has no data for it (pinyin must not read as Chinese).
        for identifier in [
            "az-Arab", "az-Cyrl", "bal-Latn", "blt-Latn", "bm-Nkoo", "bs-Cyrl", "byn-Latn", "cu-Glag",
            "dje-Arab", "dyo-Arab", "en-Dsrt", "en-Shaw", "ff-Adlm", "ff-Arab", "ha-Arab", "iu-Latn",
            "kk-Arab", "kok-Latn", "ks-Deva", "ku-Arab", "kxv-Deva", "kxv-Orya", "kxv-Telu", "ky-Arab",
            "ky-Latn", "ml-Arab", "mn-Mong", "mni-Mtei", "ms-Arab", "pa-Arab", "sat-Deva", "sd-Deva",
            "sd-Khoj", "sd-Sind", "shi-Latn", "so-Arab", "sr-Latn", "sw-Arab", "tg-Arab", "ug-Cyrl",
            "uz-Arab", "uz-Cyrl", "vai-Latn", "wo-Arab", "yo-Arab", "yue-Hans", "zh-Hant", "zh-Latn",
        ] {
            parents[identifier] = "root"
        }
        return parents
    }()

    /// Identifiers that name another locale: `zh-TW` is written in traditional script, `iw` is `he`.
    package static let aliases: [String: String] = [
        "zh-TW": "zh-Hant-TW", "zh-HK": "zh-Hant-HK", "zh-MO": "zh-Hant-MO", "zh-CN": "zh", "zh-SG": "zh",
        "zh-Hans": "zh", "zh-Hans-CN": "zh", "zh-Hans-SG": "zh", "iw": "he", "in": "id", "tl": "fil", "ji": "yi",
        "jw": "jv", "mo": "ro", "sh": "sr-Latn", "no-NO": "no", "nb-NO": "no",
        "pt-BR": "pt", "en-US": "en", "es-ES": "es", "fr-FR": "fr", "de-DE": "de", "ja-JP": "ja", "ko-KR": "ko",
    ]

    /// The parent of `identifier` in CLDR inheritance; nil above `root`.
    package static func parent(of identifier: String) -> String? {
        if identifier == "root" { return nil }
        if let parent = explicitParents[identifier] { return parent }
        var parts = identifier.split(separator: "-")
        guard parts.count > 1 else { return "root" }
        parts.removeLast()
        return parts.joined(separator: "-")
    }

    /// `identifier` followed by its ancestors up to (not including) `root`.
    package static func chain(from identifier: String) -> [String] {
        var chain: [String] = []
        var current: String? = identifier
        while let locale = current, locale != "root", chain.count < 8 {
            chain.append(locale)
            current = parent(of: locale)
        }
        return chain
    }
}
