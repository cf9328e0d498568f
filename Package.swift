// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Moji",
    // Hummingbird 2, which MojiServer serves with, needs macOS 14 and iOS 17; the minimum is one for the
    // whole package, so every product shares it.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Moji", targets: ["Moji"]),
        .library(name: "MojiStore", targets: ["MojiStore"]),
        .library(name: "MojiPicker", targets: ["MojiPicker"]),
        .library(name: "MojiSync", targets: ["MojiSync"]),
        .library(name: "MojiCatalogUpdate", targets: ["MojiCatalogUpdate"]),
        .library(name: "MojiStorePicker", targets: ["MojiStorePicker"]),
        .library(name: "MojiRepresentations", targets: ["MojiRepresentations"]),
        .library(name: "MojiServer", targets: ["MojiServer"]),
        // The users' data in PostgreSQL, for several `MojiServer` instances (MojiServer's docs point to it).
        .library(name: "MojiPostgres", targets: ["MojiPostgres"]),
        .executable(name: "moji", targets: ["moji"]),
        .executable(name: "moji-data", targets: ["moji-data"]),
        .executable(name: "moji-bench", targets: ["moji-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        // Already resolved through Hummingbird; named here because `moji serve` triggers its graceful shutdown.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        // The shared store of `moji serve` on many machines; only MojiPostgres builds it.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        // MojiPostgres schedules its calls' deadlines on NIO's event loops (already in the graph
        // through Hummingbird and PostgresNIO).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        // Already resolved through PostgresNIO; named here because `moji serve` sends its log to standard error.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.3"),
        // Already resolved through Hummingbird; the server records its metrics through it.
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.4.1"),
        // `GET /metrics` of `moji serve --metrics`: a registry and its Prometheus text format.
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.1.0"),
    ],
    targets: [
        // The model, the bundled catalog, localization, shortcodes, search and text scanning.
        .target(
            name: "Moji",
            // swift-log: the one warning the catalog gives (an installed update passed over) goes
            // where the app sends its logs, not straight to standard error.
            dependencies: ["CMojiZlib", .product(name: "Logging", package: "swift-log")],
            resources: [.copy("Resources/Catalog")]
        ),
        // The system zlib (zlib1g-dev on Debian; part of every Apple SDK): locale files are deflated.
        // Not named CZlib: ZIPFoundation declares a Clang module of that name, and one build cannot
        // hold two modules of one name.
        .systemLibrary(name: "CMojiZlib", providers: [.apt(["zlib1g-dev"])]),
        // Usage, the frequent, recent and pinned lists, collections, tone preferences and custom emoji
        // in one SQLite file (WAL) that many processes share. GRDB needs the system SQLite (libsqlite3-dev on Debian).
        .target(
            name: "MojiStore",
            dependencies: [
                "Moji", .product(name: "GRDB", package: "GRDB.swift"),
                // NIOThreadPool: BlockingIO's threads, apart from the cooperative pool's.
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Custom emoji sets from the web and from files: source parsers (forum smilie pages,
        // Mastodon, Slack, packs, folders), the image cache and set sync. swift-crypto is
        // CryptoKit's API on Linux, for the SHA-256 that names cached images; ZIPFoundation reads
        // emoji packs (zip archives) in memory, entry by entry.
        .target(
            name: "MojiSync",
            dependencies: [
                "Moji", "MojiStore", "CLibXML2", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // Catalog updates at run time: a published catalog folder fetched, checked and switched
        // to atomically, and Unicode's own files fetched for a build. Through MojiSync's HTTP
        // client; swift-crypto for the SHA-256 every downloaded file is checked against.
        .target(
            name: "MojiCatalogUpdate",
            dependencies: ["Moji", "MojiStore", "MojiSync", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // libxml2's HTML parser (libxml2-dev on Debian; in every Apple SDK), for smilie pages.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // The headless picker engine: sections, grid, selection, keyboard commands, skin-tone
        // popover. No UI code: a terminal, a web page or a SwiftUI view is a thin layer on top.
        // picker-strings.json: the pickers' own words, shared with the web picker (PickerStrings).
        .target(name: "MojiPicker", dependencies: ["Moji"], resources: [.copy("Resources/picker-strings.json")]),
        // Glue, so neither the store nor the picker knows the other (as swift-nio's
        // NIOFoundationCompat): the store as the picker's history, its custom emoji as picker sets.
        .target(name: "MojiStorePicker", dependencies: ["Moji", "MojiStore", "MojiPicker"]),
        // Draws the picker on a terminal (ANSI), decodes keys, and owns raw mode: `moji pick`
        // drives it, and `moji-bench picker` times the same renderer into a buffer.
        .target(name: "MojiTerminal", dependencies: ["Moji", "MojiPicker"]),
        // The JSON shapes the CLI's `--json` and the HTTP API both write (emoji, search results,
        // usage, lists, custom sets): one definition each, so the two cannot drift apart, and the
        // CLI needs no server to print them.
        .target(name: "MojiRepresentations", dependencies: ["Moji", "MojiStore"]),
        // The HTTP API of `moji serve` (Hummingbird 2).
        .target(
            name: "MojiServer",
            dependencies: [
                // MojiPicker: the pickers' shared words, which the web picker gets in /v1/picker-data.
                "Moji", "MojiStore", "MojiSync", "MojiPicker", "MojiRepresentations",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // gzip for the answers of clients that accept it.
                .product(name: "CompressNIO", package: "compress-nio"),
                // SHA-256 of API tokens: the store keeps only their hashes.
                .product(name: "Crypto", package: "swift-crypto"),
                // The request log, and the metrics of `GET /metrics` (ServerConfiguration.metrics).
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // The web picker (plain JavaScript and CSS, served as they are: no build step) and the
            // API's OpenAPI document, served at /v1/openapi.json.
            resources: [.copy("Web"), .copy("OpenAPI")]
        ),
        // Which emoji the system's emoji font draws, through fontconfig (Linux only).
        .target(
            name: "MojiFontSupport",
            dependencies: ["Moji", .target(name: "CFontconfig", condition: .when(platforms: [.linux]))]
        ),
        // fontconfig (libfontconfig1-dev on Debian), to find the emoji font and read its coverage.
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig1-dev"])]),
        // The per-user store of `moji serve` on PostgreSQL, for many server instances sharing one
        // database. A target of its own so that users of Moji and MojiStore never build PostgresNIO.
        .target(
            name: "MojiPostgres",
            dependencies: [
                "Moji", "MojiStore", .product(name: "PostgresNIO", package: "postgres-nio"),
                // The pool's error type, to map it by type (an underscored product of PostgresNIO's:
                // its tests in MojiPostgresTests pin what the mapping relies on).
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The store is a Service: `moji serve` runs its connection pool in the server's group.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Reads the raw Unicode, CLDR, emojibase and gemoji files and writes the catalog.
        // swift-crypto for the SHA-256 of each file `moji-data pack` lists in a manifest.
        .target(
            name: "MojiDataBuilder",
            dependencies: ["Moji", "CMojiZlib", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .executableTarget(
            name: "moji-data",
            dependencies: [
                "MojiDataBuilder",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "moji",
            dependencies: [
                "Moji",
                "MojiStore",
                "MojiSync",
                "MojiCatalogUpdate",
                "MojiPicker",
                "MojiStorePicker",
                "MojiTerminal",
                "MojiRepresentations",
                "MojiServer",
                "MojiFontSupport",
                "MojiPostgres",
                "MojiSpawn",
                // `moji data update --from-unicode` builds with the same builder as moji-data.
                "MojiDataBuilder",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                // `moji serve --metrics` makes the registry the server records into.
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // Judged as-you-type queries and their figures, for moji-bench and its tests.
        .target(name: "MojiSearchEvaluation", dependencies: ["Moji"]),
        .executableTarget(
            name: "moji-bench",
            dependencies: [
                "Moji",
                "MojiSearchEvaluation",
                "MojiStore",
                "MojiPicker",
                "MojiStorePicker",
                "MojiSpawn",
                "MojiTerminal",
                "MojiSync",
                "MojiServer",
                "MojiPostgres",
                "MojiLoopbackServer",
                "MojiTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libFuzzer target for the text scanner and emojify: Fuzz/run-text-fuzz.sh builds it with -sanitize=fuzzer.
        .executableTarget(name: "moji-fuzz", dependencies: ["Moji", "MojiFuzzSupport"]),
        // libFuzzer target for the forum smilie page and pack manifest parsers: Fuzz/run-sync-fuzz.sh.
        .executableTarget(name: "moji-sync-fuzz", dependencies: ["MojiSync", "Moji", "MojiFuzzSupport"]),
        // The libFuzzer driver hand-over both fuzz targets share.
        .target(name: "MojiFuzzSupport"),
        .testTarget(name: "MojiTests", dependencies: ["Moji", "MojiSearchEvaluation", "MojiTestSupport"]),
        .testTarget(name: "MojiDataBuilderTests", dependencies: ["MojiDataBuilder", "Moji", "MojiTestSupport"]),
        // Drives the built `moji` executable as child processes against a real SQLite file.
        .testTarget(
            name: "MojiStoreTests",
            dependencies: [
                "MojiStore", "Moji", "moji", "MojiTestSupport", "MojiSpawn",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(name: "MojiPickerTests", dependencies: ["MojiPicker", "Moji"]),
        // The system's emoji font through fontconfig, and `moji list --supported` with no emoji font at all.
        .testTarget(
            name: "MojiFontSupportTests", dependencies: ["MojiFontSupport", "Moji", "moji", "MojiTestSupport"]),
        // A real `MojiServer` on 127.0.0.1 (port 0) and a real `moji serve`, asked with URLSession.
        .testTarget(
            name: "MojiServerTests",
            dependencies: [
                "MojiServer", "MojiRepresentations", "Moji", "MojiStore", "MojiSync", "MojiTestSupport", "MojiSpawn",
                "MojiLoopbackServer",
                "moji",
                // Two servers sharing custom sets through PostgreSQL, in the test's process.
                "MojiPostgres",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The request log and the metrics registry of a server in the test's process.
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                // Route logic answered in process, without a socket.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
        // One conformance suite for both UserDataStore implementations: a real SQLite file and a real
        // PostgreSQL server (a throwaway cluster of script/postgres-test-cluster, or MOJI_TEST_POSTGRES_URL).
        .testTarget(
            name: "MojiPostgresTests",
            dependencies: [
                "MojiPostgres", "MojiStore", "Moji", "MojiTestSupport",
                // The mirror of shared custom sets, against a real PostgreSQL server, and its images.
                "MojiSync", "MojiLoopbackServer",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
            ]
        ),
        // The store as the picker's history, against real SQLite files.
        .testTarget(
            name: "MojiStorePickerTests", dependencies: ["MojiStorePicker", "MojiStore", "MojiPicker", "Moji"]),
        // The `moji` command line as a person runs it: shell command lines with real redirections,
        // against databases prepared with GRDB (hand-edited rows, a newer schema, another program's).
        .testTarget(
            name: "MojiCommandLineTests",
            dependencies: [
                "moji", "moji-data", "MojiStore", "Moji", "MojiTestSupport", "MojiSpawn", "MojiSync",
                "MojiLoopbackServer",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Packs are built in the tests with ZIPFoundation's writer, hostile entries included.
        .testTarget(
            name: "MojiSyncTests",
            dependencies: [
                "MojiSync", "MojiStore", "Moji", "MojiTestSupport", "MojiLoopbackServer", "MojiDataBuilder",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // A published catalog served by a loopback server, updates, rollbacks and hostile manifests.
        .testTarget(
            name: "MojiCatalogUpdateTests",
            dependencies: [
                "MojiCatalogUpdate", "MojiSync", "MojiStore", "Moji", "MojiTestSupport", "MojiLoopbackServer",
                "MojiDataBuilder",
            ]
        ),
        // A real HTTP server on 127.0.0.1 for the sync tests, the command-line tests and `moji-bench sync`:
        // canned answers with ETags, redirects, statuses, streamed large bodies, forum snapshots. Not a product.
        .target(
            name: "MojiLoopbackServer",
            dependencies: [
                "Moji",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // What the test targets that drive `moji` share: where the executable is, system tools.
        .target(name: "MojiTestSupport", dependencies: ["MojiSpawn"], path: "Tests/MojiTestSupport"),
        // Child processes started with posix_spawn, not Foundation's Process (which crashes with
        // many descriptors open): the clipboard tools of `moji pick`, moji-bench's and the tests' children.
        .target(name: "MojiSpawn"),
        // Key decoding, cell widths and whole frames of the terminal picker, frames compared with
        // the files in Snapshots/ (MOJI_RECORD_SNAPSHOTS=1 rewrites them).
        .testTarget(
            name: "MojiTerminalTests",
            dependencies: ["MojiTerminal", "MojiPicker", "Moji"],
            exclude: ["Snapshots"]
        ),
        // Runs every swift block of README.md and checks that none is missing (ReadmeDriftTests).
        .testTarget(
            name: "ReadmeTests",
            dependencies: ["Moji", "MojiStore", "MojiPicker", "MojiStorePicker", "MojiSync", "MojiLoopbackServer"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
