import Foundation
import MojiStore
import Testing

/// Where the store lives when no path is given: MOJI_HOME, then XDG_DATA_HOME, then
/// ~/.local/share, as the XDG Base Directory specification says.
@Suite("store location")
struct StoreLocationTests {
    @Test("a relative XDG_DATA_HOME is ignored, as the XDG specification requires")
    func relativeDataHome() {
        for relative in ["data", "./data", "../data", "~/data"] {
            let url = StoreLocation.defaultURL(environment: ["XDG_DATA_HOME": relative, "HOME": "/home/ada"])
            #expect(url.path == "/home/ada/.local/share/moji/moji.sqlite", "\(relative): \(url.path)")
        }
    }

    @Test("an absolute XDG_DATA_HOME is used, and MOJI_HOME wins over it")
    func absoluteDataHome() {
        let environment = ["XDG_DATA_HOME": "/srv/data", "HOME": "/home/ada"]
        #expect(StoreLocation.defaultURL(environment: environment).path == "/srv/data/moji/moji.sqlite")
        var withHome = environment
        withHome["MOJI_HOME"] = "/tmp/moji"
        #expect(StoreLocation.defaultURL(environment: withHome).path == "/tmp/moji/moji.sqlite")
    }
}
