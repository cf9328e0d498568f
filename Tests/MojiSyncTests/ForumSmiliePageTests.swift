import Foundation
import Testing

@testable import MojiSync

/// The two real snapshots of the Something Awful smilie page beside the repository
/// (`../shared/data/awful-smilies`), present on developer machines and CI.
enum AwfulSnapshots {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data/awful-smilies")

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("2015-05/showsmilies.html").path)
    }

    static let pageURL = URL(string: "https://forums.somethingawful.com/misc.php?action=showsmilies")

    static func listing(_ snapshot: String) throws -> SourceListing {
        let data = try Data(contentsOf: folder.appendingPathComponent("\(snapshot)/showsmilies.html"))
        return try ForumSmiliePage.listing(html: data, pageURL: pageURL, source: snapshot)
    }

    /// The image URLs of the snapshot's manifest.tsv (every image the page referenced).
    static func manifestURLs(_ snapshot: String) throws -> Set<String> {
        let text = try String(
            contentsOf: folder.appendingPathComponent("\(snapshot)/manifest.tsv"), encoding: .utf8)
        return Set(
            text.split(separator: "\n").dropFirst().compactMap { $0.split(separator: "\t").first.map(String.init) })
    }

    /// The bytes of every image file of the snapshot's manifest.tsv.
    static func manifestFiles(_ snapshot: String) throws -> [Data] {
        let root = folder.appendingPathComponent(snapshot)
        let text = try String(contentsOf: root.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        return try text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t")
            return fields.count >= 3 ? try Data(contentsOf: root.appendingPathComponent(String(fields[2]))) : nil
        }
    }

    static let sections = [
        "Basic Smilies", "Mostly text", "Witty", "Flags and other nationalist crap", "TV, Movies, Games, & Comics",
        "Horrible & retarded shit we can't wait to delete", "Hey everybody I'm on drugs!", "New / Uncategorized",
    ]
}

@Suite("forum smilie page")
struct ForumSmiliePageTests {
    /// A page in the forum's format around `items` (the inside of one `<ul class="smilie_group">`).
    static func page(_ items: String, title: String = "Basic Smilies") -> Data {
        Data(
            """
            <!DOCTYPE html><html><head><title>Smilies</title></head><body>
            <h3>\(title)</h3>
            <ul class="smilie_group">
            \(items)
            </ul></body></html>
            """.utf8)
    }

    static func smilie(_ code: String, _ source: String, _ title: String = "a smilie") -> String {
        "<li class=\"smilie\"><div class=\"text\">\(code)</div><img alt=\"\" src=\"\(source)\" title=\"\(title)\"></li>"
    }

    static let example = URL(string: "https://forum.example/misc.php?action=showsmilies")

    // MARK: The real snapshots

    @Test(
        "the February 2015 page lists 743 smilies in 8 sections, and all 743 import; ;) becomes wink-2",
        .enabled(if: AwfulSnapshots.isAvailable))
    func february() throws {
        let listing = try AwfulSnapshots.listing("2015-02")
        #expect(listing.emoji.count == 743)
        #expect(listing.skipped == [])
        #expect(listing.groups == AwfulSnapshots.sections)
        #expect(Set(listing.emoji.map { $0.code.lowercased() }).count == 743)
    }

    @Test(
        "the May 2015 page lists 767 smilies in 8 sections, and all 767 import",
        .enabled(if: AwfulSnapshots.isAvailable))
    func may() throws {
        let listing = try AwfulSnapshots.listing("2015-05")
        #expect(listing.emoji.count == 767)
        #expect(listing.skipped == [])
        #expect(listing.groups == AwfulSnapshots.sections)
        let perSection = Dictionary(grouping: listing.emoji, by: { $0.group ?? "" }).mapValues(\.count)
        #expect(perSection["Basic Smilies"] == 243)
        #expect(perSection["New / Uncategorized"] == 76)
        #expect(perSection["Horrible & retarded shit we can't wait to delete"] == 4)
    }

    @Test("every image is an absolute URL the snapshot's manifest lists", .enabled(if: AwfulSnapshots.isAvailable))
    func imagesMatchTheManifest() throws {
        for snapshot in ["2015-02", "2015-05"] {
            let listing = try AwfulSnapshots.listing(snapshot)
            let manifest = try AwfulSnapshots.manifestURLs(snapshot)
            let images = Set(listing.emoji.map(\.image))
            #expect(images.isSubset(of: manifest), "\(snapshot): \(images.subtracting(manifest).sorted().prefix(3))")
            #expect(manifest.subtracting(images) == [])
        }
    }

    @Test("known smilies keep their code, name, section and image", .enabled(if: AwfulSnapshots.isAvailable))
    func knownEntries() throws {
        let emoji = Dictionary(
            uniqueKeysWithValues: try AwfulSnapshots.listing("2015-05").emoji.map { ($0.code, $0) })
        #expect(
            emoji["smith"]
                == SourceEmoji(
                    code: "smith", name: "everyman smith", group: "Witty",
                    image: "http://i.somethingawful.com/forumsystem/emoticons/emot-smith.gif"))
        #expect(emoji["11tea"]?.name == "11:00 drink tea every day")
        #expect(emoji["agreed"]?.group == "New / Uncategorized")
        // The page is UTF-8 though its <meta> says ISO-8859-1: the name is read as the page shows it.
        #expect(emoji["coolspot"]?.name == "neljÃ¤ kaksikymmentÃ¤ loimu se")
        // Emoticons: a code made from the name, and what is typed as a keyword.
        #expect(
            emoji["smile"]
                == SourceEmoji(
                    code: "smile", name: "smile", keywords: [":)"], group: "Basic Smilies",
                    image: "http://fi.somethingawful.com/images/smilies/smile.gif"))
        #expect(emoji["frown"]?.keywords == [":("])
        #expect(emoji["biggrin"]?.keywords == [":D"])
        #expect(emoji["ohyoulustfuldevilyou"]?.keywords == [";-*"])
        #expect(emoji["wink"]?.image == "http://i.somethingawful.com/forumsystem/emoticons/emot-wink.gif")
        #expect(emoji["wink"]?.keywords == [])
        #expect(emoji["wink-2"]?.image == "http://fi.somethingawful.com/images/smilies/wink.gif")
        #expect(emoji["wink-2"]?.keywords == [";)"])
    }

    @Test(
        "May 2015 added 24 smilies to February's, removed none and changed none",
        .enabled(if: AwfulSnapshots.isAvailable))
    func differenceBetweenSnapshots() throws {
        let before = Dictionary(uniqueKeysWithValues: try AwfulSnapshots.listing("2015-02").emoji.map { ($0.code, $0) })
        let after = Dictionary(uniqueKeysWithValues: try AwfulSnapshots.listing("2015-05").emoji.map { ($0.code, $0) })
        let added = Set(after.keys).subtracting(before.keys)
        let removed = Set(before.keys).subtracting(after.keys)
        #expect(
            added == [
                "atlus", "bloodborne", "buttfame", "capitalism", "coolspot", "cosmic2day", "dogge", "five", "frogleave",
                "frontear", "gaz", "glompoff", "grin", "jebcry", "nomates", "palmon", "poolgirl", "prepop", "quig",
                "refurb", "secondpost", "treemike", "ullerrm", "un",
            ])
        #expect(removed.isEmpty)
        #expect(before.filter { after[$0.key] != $0.value }.isEmpty)
        #expect(after["grin"]?.group == "New / Uncategorized")
    }

    // MARK: Small pages

    @Test("a relative image is resolved against the page's URL; without one it is skipped")
    func relativeImages() throws {
        let html = Self.page(
            Self.smilie(":a:", "/images/a.gif") + Self.smilie(":b:", "../b.png")
                + Self.smilie(":c:", "//cdn.example/c.gif")
                + Self.smilie(":d:", "https://other.example/d.gif"))
        let listing = try ForumSmiliePage.listing(html: html, pageURL: Self.example, source: "test")
        #expect(
            listing.emoji.map(\.image) == [
                "https://forum.example/images/a.gif", "https://forum.example/b.png", "https://cdn.example/c.gif",
                "https://other.example/d.gif",
            ])
        let withoutURL = try ForumSmiliePage.listing(html: html, source: "file.html")
        #expect(withoutURL.emoji.map(\.code) == ["c", "d"] || withoutURL.emoji.map(\.code) == ["d"])
        #expect(withoutURL.skipped.map(\.entry).starts(with: [":a:", ":b:"]))
        #expect(withoutURL.skipped.first?.reason.contains("relative") == true)
    }

    @Test("an image that is not http or https is skipped with why")
    func nonWebImages() throws {
        let html = Self.page(
            Self.smilie(":ok:", "https://forum.example/ok.gif") + Self.smilie(":passwd:", "file:///etc/passwd")
                + Self.smilie(":js:", "javascript:alert(1)") + Self.smilie(":data:", "data:image/gif;base64,R0lGOD")
                + Self.smilie(":noimage:", ""))
        let listing = try ForumSmiliePage.listing(html: html, pageURL: Self.example, source: "test")
        #expect(listing.emoji.map(\.code) == ["ok"])
        #expect(
            listing.skipped == [
                SkippedEntry(
                    entry: ":passwd:",
                    reason: "its image is a file: URL (\"file:///etc/passwd\"); only http and https images are fetched"),
                SkippedEntry(
                    entry: ":js:",
                    reason:
                        "its image is a javascript: URL (\"javascript:alert(1)\"); only http and https images are fetched"
                ),
                SkippedEntry(
                    entry: ":data:",
                    reason:
                        "its image is a data: URL (\"data:image/gif;base64,R0lGOD\"); only http and https images are fetched"
                ),
                SkippedEntry(entry: ":noimage:", reason: "it has no image (no <img src>)"),
            ])
    }

    @Test("codes with spaces, colons or control characters are skipped with why; the first of a duplicate wins")
    func badCodes() throws {
        let html = Self.page(
            Self.smilie(":two words:", "/a.gif") + Self.smilie(":a:b:", "/b.gif")
                + Self.smilie(":csi\u{9B}31m:", "/c.gif")
                + Self.smilie(":esc\u{1B}]0;x:", "/esc.gif")
                + Self.smilie("::", "/d.gif") + Self.smilie(":smith:", "/smith.gif", "first")
                + Self.smilie(":Smith:", "/smith2.gif", "second") + "<li class=\"smilie\"><img src=\"/e.gif\"></li>"
                + Self.smilie(":\(String(repeating: "x", count: 101)):", "/f.gif"))
        let listing = try ForumSmiliePage.listing(html: html, pageURL: Self.example, source: "test")
        // libxml2 drops C0 control characters (an escape) from the text it reads; C1 ones are left to the rules.
        #expect(listing.emoji.map(\.code) == ["esc]0;x", "smith"])
        #expect(listing.emoji.last?.name == "first")
        #expect(
            listing.skipped == [
                SkippedEntry(entry: ":two words:", reason: "the code holds white space or a colon"),
                SkippedEntry(entry: ":a:b:", reason: "the code holds white space or a colon"),
                SkippedEntry(entry: "\":csi\\u{9B}31m:\"", reason: "the code holds the control character U+009B"),
                SkippedEntry(entry: "::", reason: "the code is empty"),
                SkippedEntry(
                    entry: ":Smith:",
                    reason: "a duplicate of :smith:, listed earlier on the page; the first one is kept"),
                SkippedEntry(entry: "smilie 8", reason: "it has no code (no <div class=\"text\">)"),
                SkippedEntry(
                    entry: ":\(String(repeating: "x", count: 101)):", reason: "the code is longer than 100 characters"),
            ])
    }

    @Test(
        "a plain word is its own code, and an emoticon takes its name's letters, numbered when a written code has them")
    func codesWithoutColons() throws {
        let html = Self.page(
            Self.smilie("20bux", "/20bux.gif", "twenty") + Self.smilie(":)", "/smile.gif", "Smile!")
                + Self.smilie(";)", "/wink.gif", "wink") + Self.smilie(":wink:", "/emot-wink.gif", "wink")
                + Self.smilie(":-/", "/meh.gif", "---"))
        let listing = try ForumSmiliePage.listing(html: html, pageURL: Self.example, source: "test")
        #expect(listing.emoji.map(\.code) == ["20bux", "smile", "wink-2", "wink"])
        #expect(listing.emoji.map(\.keywords) == [[], [":)"], [";)"], []])
        #expect(listing.emoji[2].image == "https://forum.example/wink.gif")
        #expect(listing.emoji[3].image == "https://forum.example/emot-wink.gif")
        #expect(
            listing.skipped == [
                SkippedEntry(
                    entry: ":-/", reason: "an emoticon whose name gives no letters or digits to make its code from")
            ])
    }

    @Test("broken HTML still gives what is there: unclosed items, no </ul>, unquoted attributes, several classes")
    func brokenHTML() throws {
        let html = Data(
            """
            <html><body><h3>First</h3>
            <ul class="smilie_group">
              <li class=smilie><div class=text>:one:</div><img src=/one.gif title=One>
              <li class="big smilie"><div class="text note">:two:<img src='/two.gif' title='Two &amp; more'>
            <h3>Second</h3>
            <ul class='other  smilie_group'>
              <li class="smilie"><div class="text">:three:</div><img title="Three" src="/three.gif"
            """.utf8)
        let listing = try ForumSmiliePage.listing(html: html, pageURL: Self.example, source: "test")
        #expect(listing.emoji.map(\.code) == ["one", "two", "three"])
        #expect(listing.emoji.map(\.name) == ["One", "Two & more", "Three"])
        #expect(listing.emoji.map(\.image).first == "https://forum.example/one.gif")
        #expect(listing.emoji.last?.image == "https://forum.example/three.gif")
        #expect(listing.groups == ["First", "Second"])
        #expect(listing.emoji.map(\.group) == ["First", "First", "Second"])
    }

    @Test("a stray heading before the lists shifts no section, and an item outside a smilie list is not a smilie")
    func strayHeadings() throws {
        let html = Data(
            """
            <h3>Welcome back</h3><div><h3>Basic</h3></div>
            <ul class="smilie_group">\(Self.smilie(":a:", "/a.gif"))</ul>
            <ul class="navigation">\(Self.smilie(":nav:", "/nav.gif"))</ul>
            <h3>More</h3><ul class="smilie_group">\(Self.smilie(":b:", "/b.gif"))</ul>
            <ul class="smilie_group">\(Self.smilie(":c:", "/c.gif"))</ul>
            """.utf8)
        let listing = try ForumSmiliePage.listing(html: html, pageURL: Self.example, source: "test")
        #expect(listing.emoji.map(\.code) == ["a", "b", "c"])
        #expect(listing.emoji.map(\.group) == ["Basic", "More", nil])
        #expect(listing.groups == ["Basic", "More"])
    }

    @Test("names and section titles fold white space and lose control characters")
    func cleanedNames() throws {
        let html = Self.page(
            Self.smilie(":a:", "/a.gif", "  two\n\twords\u{1B}[31m\u{85}  "), title: "\n  Basic\u{7}  Smilies ")
        let listing = try ForumSmiliePage.listing(html: html, pageURL: Self.example, source: "test")
        #expect(listing.emoji.first?.name == "two words[31m")
        #expect(listing.groups == ["Basic Smilies"])
    }

    @Test("a page without smilies, such as a login page, is refused")
    func noSmilies() {
        let login = Data(
            "<html><body><h3>Log in</h3><form><input name=username></form><ul class=\"smilie_group\"></ul></body></html>"
                .utf8)
        #expect(
            throws: SourceError(
                source: "login",
                reason: "the page has no smilies: it may be a login or error page instead of the smilie list")
        ) {
            try ForumSmiliePage.listing(html: login, pageURL: Self.example, source: "login")
        }
        #expect(throws: SourceError.self) { try ForumSmiliePage.listing(html: Data(), source: "empty") }
        #expect(throws: SourceError.self) {
            try ForumSmiliePage.listing(html: Data("{\"error\": \"not found\"}".utf8), source: "json")
        }
        let allBad = Self.page(Self.smilie(":a b:", "/a.gif"))
        #expect {
            try ForumSmiliePage.listing(html: allBad, pageURL: Self.example, source: "bad")
        } throws: { error in
            (error as? SourceError)?.reason.contains("none is usable") == true
        }
    }

    @Test("a page bigger than the limit is refused before it is parsed")
    func oversizedPage() throws {
        let small = Self.page(Self.smilie(":a:", "/a.gif"))
        #expect(throws: SourceError.self) {
            try ForumSmiliePage.listing(html: small, pageURL: Self.example, source: "test", maximumSize: 100)
        }
        #expect(try ForumSmiliePage.listing(html: small, pageURL: Self.example, source: "test").emoji.count == 1)
        // The issue's 50 MB page against the default limit of 8 MB.
        var huge = small
        huge.append(Data(repeating: UInt8(ascii: "a"), count: 50 * 1024 * 1024))
        #expect {
            try ForumSmiliePage.listing(html: huge, pageURL: Self.example, source: "huge")
        } throws: { error in
            (error as? SourceError)?.reason
                == "the page is \(huge.count) bytes, more than the limit of 8388608 bytes for a smilie page"
        }
    }

    @Test("the page is read as UTF-8 whatever its <meta> says, unless the caller names its character set")
    func characterSets() throws {
        let head =
            "<html><head><meta http-equiv=\"Content-type\" content=\"text/html;charset=iso-8859-1\"></head><body>"
        let body = "<h3>Caf\u{E9}</h3><ul class=smilie_group>" + Self.smilie(":f:", "/f.gif", "F\u{FC}hrer") + "</ul>"
        let utf8 = Data((head + body).utf8)
        let read = try ForumSmiliePage.listing(html: utf8, pageURL: Self.example, source: "utf8")
        #expect(read.emoji.first?.name == "F\u{FC}hrer")
        #expect(read.groups == ["Caf\u{E9}"])
        // Without a <meta>, libxml2 reads bytes that are not UTF-8 as ISO-8859-1, where 0x80 is
        // a control character; as windows-1252, the caller's word, it is the euro sign.
        let windows = "<html><body><h3>Prices</h3><ul class=smilie_group>" + Self.smilie(":e:", "/e.gif", "\u{20AC}5")
        let cp1252 = try #require(windows.data(using: .windowsCP1252))
        let readCP1252 = try ForumSmiliePage.listing(
            html: cp1252, pageURL: Self.example, source: "cp1252", encoding: "windows-1252")
        #expect(readCP1252.emoji.first?.name == "\u{20AC}5")
    }

    @Test("white space around an image address is dropped, as browsers do")
    func spacedImageAddress() throws {
        let html = Self.page(Self.smilie(":a:", "\n  /a.gif\t"))
        let listing = try ForumSmiliePage.listing(html: html, pageURL: Self.example, source: "test")
        #expect(listing.emoji.map(\.image) == ["https://forum.example/a.gif"])
    }

    @Test("pages parsed on several threads at once give the same listing")
    func concurrentParsing() async throws {
        let html = Self.page((1...200).map { Self.smilie(":s\($0):", "/s\($0).gif") }.joined())
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try ForumSmiliePage.listing(html: html, pageURL: Self.example, source: "t").emoji.count
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 200, count: 8))
    }

    static func nested(_ element: String, _ count: Int) -> Data {
        let open = String(repeating: "<\(element)>", count: count)
        return Data(("<h3>Deep</h3><ul class=\"smilie_group\">" + open + smilie(":deep:", "/deep.gif") + "</ul>").utf8)
    }

    @Test("100,000 nested elements neither crash nor hang: what libxml2 keeps is read, the rest is refused")
    func deepNesting() throws {
        let clock = ContinuousClock()
        let start = clock.now
        // libxml2 stops building a tree deeper than 256 elements: nothing after that is read.
        for element in ["div", "h3", "span", "ul class=\"smilie_group\""] {
            #expect(throws: SourceError.self, "\(element)") {
                try ForumSmiliePage.listing(html: Self.nested(element, 100_000), pageURL: Self.example, source: "deep")
            }
        }
        // Items close one another, so 100,000 of them are a flat list of items without a code.
        let items = try ForumSmiliePage.listing(
            html: Self.nested("li class=\"smilie\"", 100_000), pageURL: Self.example, source: "deep")
        #expect(items.emoji.map(\.code) == ["deep"])
        #expect(items.skipped.count == 100_000)
        #expect(clock.now - start < .seconds(10))
        // Just within libxml2's limit, the walker finds the smilie at the bottom.
        let deep = try ForumSmiliePage.listing(html: Self.nested("div", 240), pageURL: Self.example, source: "deep")
        #expect(deep.emoji.map(\.code) == ["deep"])
        #expect(deep.groups == ["Deep"])
    }
}

/// Pages shaped to make libxml2 work for minutes (issue 25): refused before they are parsed.
@Suite("Forum page limits")
struct ForumPageLimitTests {
    /// A smilie page whose one `<img>` carries `count` attributes.
    static func page(attributes count: Int) -> Data {
        var html = #"<html><body><ul class="smilie_group"><li class="smilie"><div class="text">:a:</div><img"#
        html.reserveCapacity(count * 12)
        for index in 0..<count { html += " a\(index)=\"x\"" }
        html += #" src="https://forums.example/a.gif"></li></ul></body></html>"#
        return Data(html.utf8)
    }

    @Test("an element with 50,000 attributes is refused at once, naming the count and the limit")
    func manyAttributes() throws {
        // Before: 10.9 s of libxml2 for 50,000, 36 s for 100,000.
        let started = Date()
        #expect {
            _ = try ForumSmiliePage.listing(html: Self.page(attributes: 50_000), source: "page")
        } throws: { error in
            let reason = (error as? SourceError)?.reason ?? ""
            return reason.contains("50001 attributes") && reason.contains("256")
        }
        #expect(Date().timeIntervalSince(started) < 2)
        // 200 attributes is an odd page, but one that parses in milliseconds.
        let listing = try ForumSmiliePage.listing(html: Self.page(attributes: 200), source: "page")
        #expect(listing.emoji.map(\.code) == ["a"])
    }

    @Test("a page of 300,000 tags is refused; comments and quoted '>' do not fool the count")
    func manyTags() throws {
        let tags = Data(("<html><body>" + String(repeating: "<b>", count: 300_000)).utf8)
        #expect {
            _ = try ForumSmiliePage.listing(html: tags, source: "page")
        } throws: { error in
            (error as? SourceError)?.reason.contains("300002 tags") == true
        }
        let tricky = Data(
            (#"<!-- <img a b c d> --><img title="x > y" alt='<img>' a b>"# + "<p a=b c = d e>").utf8)
        let shape = tricky.withUnsafeBytes { HTMLShape(of: $0) }
        #expect(shape.tags == 2)
        #expect(shape.mostAttributes == 4)
    }

    @Test("the real Something Awful pages are far inside the limits", .enabled(if: AwfulSnapshots.isAvailable))
    func realPages() throws {
        for snapshot in ["2015-02", "2015-05"] {
            let data = try Data(
                contentsOf: AwfulSnapshots.folder.appendingPathComponent("\(snapshot)/showsmilies.html"))
            let shape = data.withUnsafeBytes { HTMLShape(of: $0) }
            #expect(shape.problem == nil)
            #expect(shape.mostAttributes < 20 && shape.tags < 20_000, "\(shape)")
        }
    }
}
