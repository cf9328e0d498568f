import Foundation
import MojiTestSupport
import Testing

@testable import MojiSync

/// The awful-smilies 2015-05 snapshot's images, beside the repository (`../shared/data`).
private let smilieFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/data/awful-smilies/2015-05")
private let smiliesAvailable = FileManager.default.fileExists(
    atPath: smilieFolder.appendingPathComponent("manifest.tsv").path)

private func smilie(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: smilieFolder.appendingPathComponent("files/" + path)))
}

private func inspect(_ bytes: [UInt8], limits: ImageLimits = .default) -> Result<ImageInfo, ImageError> {
    Result { () throws(ImageError) in try ImageInspector.inspect(bytes, limits: limits) }
}

private let crafted: [(name: String, bytes: [UInt8], info: ImageInfo)] = [
    ("PNG", png(width: 32, height: 24), ImageInfo(format: .png, width: 32, height: 24, frameCount: 1)),
    ("APNG", png(width: 16, height: 16, frames: 3), ImageInfo(format: .apng, width: 16, height: 16, frameCount: 3)),
    ("GIF", gif(width: 21, height: 22, frames: 4), ImageInfo(format: .gif, width: 21, height: 22, frameCount: 4)),
    (
        "baseline JPEG", jpeg(width: 39, height: 25, frameMarker: 0xC0),
        ImageInfo(format: .jpeg, width: 39, height: 25, frameCount: 1)
    ),
    (
        "progressive JPEG", jpeg(width: 640, height: 480, frameMarker: 0xC2),
        ImageInfo(format: .jpeg, width: 640, height: 480, frameCount: 1)
    ),
    (
        "lossy WebP", riff([("VP8 ", vp8(width: 300, height: 200))]),
        ImageInfo(format: .webp, width: 300, height: 200, frameCount: 1)
    ),
    (
        "lossless WebP", riff([("VP8L", vp8l(width: 16383, height: 1))]),
        ImageInfo(format: .webp, width: 16383, height: 1, frameCount: 1)
    ),
    (
        "animated WebP", animatedWebP(width: 40, height: 30, frames: 5),
        ImageInfo(format: .webp, width: 40, height: 30, frameCount: 5)
    ),
]

// MARK: - Tests

@Suite("Image inspection")
struct ImageInspectorTests {
    @Test(
        "every image of the 2015-05 smilie snapshot inspects, with the format its bytes say",
        .enabled(if: smiliesAvailable))
    func smilieSnapshot() throws {
        let manifest = try String(contentsOf: smilieFolder.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        var formats: [ImageFormat: Int] = [:]
        var animated = 0
        var failures: [String] = []
        for line in manifest.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t")
            let bytes = [UInt8](try Data(contentsOf: smilieFolder.appendingPathComponent(String(fields[2]))))
            switch inspect(bytes) {
            case .success(let info):
                formats[info.format, default: 0] += 1
                if info.isAnimated { animated += 1 }
            case .failure(let error): failures.append("\(fields[2]): \(error)")
            }
        }
        #expect(failures == [])
        // Counted by reading the headers with Python's standard library: 766 files, none an APNG.
        #expect(formats == [.gif: 680, .png: 81, .jpeg: 5])
        #expect(animated == 481)
    }

    @Test("known smilies have their known size and frame count", .enabled(if: smiliesAvailable))
    func knownSmilies() throws {
        let expected: [(String, ImageInfo)] = [
            (
                "i.somethingawful.com/images/emot-dance.gif",
                ImageInfo(format: .gif, width: 24, height: 18, frameCount: 6)
            ),
            (
                "i.somethingawful.com/forumsystem/emoticons/emot-gooncamp.gif",
                ImageInfo(format: .gif, width: 90, height: 41, frameCount: 63)
            ),
            (
                "i.somethingawful.com/forumsystem/emoticons/emot-smith.gif",
                ImageInfo(format: .gif, width: 23, height: 25, frameCount: 1)
            ),
            // Named .jpg and served as image/gif: the bytes decide.
            (
                "i.somethingawful.com/forumsystem/emoticons/emot-dealwithit.jpg",
                ImageInfo(format: .gif, width: 52, height: 24, frameCount: 1)
            ),
            (
                "fi.somethingawful.com/safs/smilies/8/9/thesperg.001.jpg",
                ImageInfo(format: .jpeg, width: 39, height: 25, frameCount: 1)
            ),
            (
                "i.somethingawful.com/forumsystem/emoticons/emot-smithfrog.png",
                ImageInfo(format: .png, width: 38, height: 25, frameCount: 1)
            ),
        ]
        for (path, info) in expected {
            #expect(try inspect(smilie(path)).get() == info, "\(path)")
        }
    }

    @Test("images written byte by byte report their format, size and frames")
    func craftedImages() throws {
        for image in crafted {
            #expect(try inspect(image.bytes).get() == image.info, "\(image.name)")
        }
        #expect(try inspect(crafted[1].bytes).get().isAnimated)
        #expect(try !inspect(crafted[0].bytes).get().isAnimated)
    }

    @Test("a JPEG's size comes from its own frame header, not from an Exif thumbnail's")
    func exifThumbnail() throws {
        let thumbnail = jpeg(width: 160, height: 120, frameMarker: 0xC0)
        var app1: [UInt8] = [0xFF, 0xE1]
        app1.u16BE(2 + 6 + thumbnail.count)
        app1 += Array("Exif".utf8) + [0, 0] + thumbnail
        let image = jpeg(width: 4000, height: 3, frameMarker: 0xC1)
        let withExif = Array(image[..<2]) + app1 + Array(image[2...])
        #expect(try inspect(withExif).get() == ImageInfo(format: .jpeg, width: 4000, height: 3, frameCount: 1))
    }

    @Test("Data slices inspect as arrays do")
    func dataSlice() throws {
        let data = Data([1, 2, 3] + crafted[2].bytes)
        #expect(try ImageInspector.inspect(data.dropFirst(3)) == crafted[2].info)
        #expect(throws: ImageError.truncated(.gif)) { try ImageInspector.inspect(data.dropFirst(3).dropLast()) }
    }

    @Test("an acTL after the first IDAT leaves a still PNG")
    func lateAnimationControl() throws {
        let info = try inspect(png(width: 5, height: 6, frames: 4, acTLAfterIDAT: true)).get()
        #expect(info == ImageInfo(format: .png, width: 5, height: 6, frameCount: 1))
    }

    @Test("every cut-off prefix of every image is reported truncated")
    func everyPrefixIsTruncated() throws {
        var images = crafted.map { ($0.name, $0.bytes, $0.info.format) }
        if smiliesAvailable {
            images.append(("real GIF", try smilie("i.somethingawful.com/images/emot-dance.gif"), .gif))
            images.append(("real JPEG", try smilie("fi.somethingawful.com/safs/smilies/8/9/thesperg.001.jpg"), .jpeg))
            images.append(
                ("real PNG", try smilie("i.somethingawful.com/forumsystem/emoticons/emot-smithfrog.png"), .png))
        }
        #expect(inspect([]) == .failure(.notAnImage(.empty)))
        var checked = 0
        for (name, bytes, format) in images {
            for length in 1..<bytes.count {
                let result = inspect(Array(bytes[..<length]))
                let family: Set<ImageFormat> = format == .apng ? [.png, .apng] : [format]
                guard case .failure(.truncated(let reported)) = result, family.contains(reported) else {
                    Issue.record("\(name) cut to \(length) of \(bytes.count) bytes: \(result)")
                    break
                }
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test("an HTML error page served as an image is named HTML")
    func htmlIsNotAnImage() {
        for page in ["<!DOCTYPE html><html><body>404</body></html>", "\u{FEFF}\n  <html>", "<HTML><HEAD>", "<p>oops"] {
            #expect(inspect(Array(page.utf8)) == .failure(.notAnImage(.html)), "\(page)")
        }
        let error = ImageError.notAnImage(.html)
        #expect("smith (https://example.com/smith.gif): \(error)".contains("the image is HTML, not an image"))
        #expect(inspect(Array(#"{"error":"not found"}"#.utf8)) == .failure(.notAnImage(.json)))
        #expect(inspect(Array("<?xml version=\"1.0\"?><svg xmlns=\"…\"/>".utf8)) == .failure(.notAnImage(.svg)))
        #expect(inspect(Array("Not Found\n".utf8)) == .failure(.notAnImage(.text)))
        #expect(
            inspect(Array("BM".utf8) + [UInt8](repeating: 0, count: 60))
                == .failure(.notAnImage(.unsupportedImage("BMP"))))
        #expect(inspect([0x00, 0x01, 0x02, 0x03, 0x04]) == .failure(.notAnImage(.unknown)))
    }

    @Test("a file over the byte limit is refused before it is read")
    func oversized() {
        let big = png(width: 10, height: 10) + [UInt8](repeating: 0, count: 3 * 1024 * 1024)
        #expect(inspect(big) == .failure(.tooLarge(bytes: big.count, limit: 2 * 1024 * 1024)))
        #expect(throws: ImageError.tooLarge(bytes: big.count, limit: 2 * 1024 * 1024)) {
            try ImageInspector.inspect(Data(big))
        }
        #expect("\(ImageError.tooLarge(bytes: 20 * 1024 * 1024, limit: 2 * 1024 * 1024))".contains("20.0 MB"))
        let small = png(width: 10, height: 10)
        #expect(
            inspect(small, limits: ImageLimits(maximumBytes: small.count - 1))
                == .failure(.tooLarge(bytes: small.count, limit: small.count - 1)))
        #expect(throws: Never.self) { try inspect(small, limits: ImageLimits(maximumBytes: small.count)).get() }
    }

    @Test("a 20000 × 20000 PNG has too many pixels, a 0-pixel-wide one is malformed")
    func pixelLimits() {
        #expect(
            inspect(png(width: 20000, height: 20000))
                == .failure(.tooManyPixels(width: 20000, height: 20000, limit: 4096 * 4096)))
        #expect(inspect(png(width: 4096, height: 4096)).map(\.width) == .success(4096))
        #expect(
            inspect(png(width: UInt32.max, height: UInt32.max))
                == .failure(.tooManyPixels(width: 4_294_967_295, height: 4_294_967_295, limit: 4096 * 4096)))
        guard case .failure(.malformed(.png, _)) = inspect(png(width: 0, height: 10)) else {
            Issue.record("a PNG 0 pixels wide was accepted")
            return
        }
        guard case .failure(.malformed(.gif, _)) = inspect(gif(width: 10, height: 0, frames: 1)) else {
            Issue.record("a GIF 0 pixels high was accepted")
            return
        }
        let wide = riff([("VP8L", vp8l(width: 16384, height: 16384))])
        #expect(inspect(wide) == .failure(.tooManyPixels(width: 16384, height: 16384, limit: 4096 * 4096)))
    }

    @Test("a GIF of 5000 frames is over the default 1000-frame limit")
    func frameLimit() {
        let long = gif(width: 8, height: 8, frames: 5000)
        #expect(inspect(long) == .failure(.tooManyFrames(count: 5000, limit: 1000)))
        #expect(inspect(long, limits: ImageLimits(maximumFrames: 5000)).map(\.frameCount) == .success(5000))
        #expect(inspect(png(width: 4, height: 4, frames: 1001)) == .failure(.tooManyFrames(count: 1001, limit: 1000)))
    }

    @Test("hostile lengths are reported, not trusted")
    func hostileLengths() {
        var hugeChunk = ImageInspector.pngSignature
        hugeChunk.u32BE(0xFFFF_FFF0)
        hugeChunk.ascii("IHDR")
        #expect(inspect(hugeChunk + [UInt8](repeating: 0, count: 40)).isMalformed(.png))
        var longChunk = ImageInspector.pngSignature
        longChunk.u32BE(0x7FFF_FFF0)
        longChunk.ascii("IHDR")
        #expect(inspect(longChunk + [UInt8](repeating: 0, count: 40)) == .failure(.truncated(.png)))

        // RIFF length and chunk length near UInt32.max.
        var webp = riff([("VP8L", vp8l(width: 2, height: 2))])
        webp.replaceSubrange(16..<20, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(inspect(webp).isMalformed(.webp))
        webp.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(inspect(webp) == .failure(.truncated(.webp)))

        // A JPEG segment length of 0 would not advance.
        #expect(inspect([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00, 0xFF, 0xD9]).isMalformed(.jpeg))

        // A GIF that gives out into zeros is malformed; one without its trailer is truncated, as is one with no frame.
        let empties =
            gif(width: 1, height: 1, frames: 1).dropLast() + [UInt8](repeating: 0x21, count: 1)
            + [UInt8](repeating: 0, count: 100_000)
        #expect(inspect(Array(empties)).isMalformed(.gif))
        #expect(inspect(Array(gif(width: 1, height: 1, frames: 1).dropLast())) == .failure(.truncated(.gif)))
        #expect(inspect(Array(gif(width: 1, height: 1, frames: 0))).isMalformed(.gif))
    }

    @Test("damaged images throw or succeed, never trap or hang")
    func damagedImagesNeverTrap() {
        var generator = SplitMix(seed: 13)
        var outcomes = 0
        for image in crafted {
            for _ in 0..<400 {
                var bytes = image.bytes
                for _ in 0..<(1 + Int(generator.next() % 4)) {
                    let index = Int(generator.next() % UInt64(bytes.count))
                    bytes[index] =
                        [0x00, 0xFF, 0x7F, 0x80, UInt8(truncatingIfNeeded: generator.next())][
                            Int(generator.next() % 5)]
                }
                switch inspect(bytes) {
                case .success(let info): #expect(info.width > 0 && info.height > 0 && info.frameCount > 0)
                case .failure: break
                }
                outcomes += 1
            }
        }
        #expect(outcomes == crafted.count * 400)
    }
}

extension Result where Success == ImageInfo, Failure == ImageError {
    fileprivate func isMalformed(_ format: ImageFormat) -> Bool {
        if case .failure(.malformed(let reported, _)) = self { return reported == format }
        return false
    }
}
