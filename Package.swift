// swift-tools-version:6.0
import PackageDescription

// Logic lives in libraries; `dose` and `dose-notify` are thin executables.
// `dose-notify` must never depend on DoseStore (and so never link libsqlite3):
// the scheduler reads the snapshot and the config file alone.

// Neither executable carries Foundation (37 MB of ICU data, a start-up floor on every command): in every
// module they link, `import Foundation` (or one of its parts) names a module that does not exist, so the
// build fails at that line. Tests keep Foundation; Tests/DoseAppTests/LinkageTests checks the binaries.
let noFoundation: [SwiftSetting] = [
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
].flatMap { module in [SwiftSetting.unsafeFlags(["-module-alias", "\(module)=\(module)_IsNotLinkedIntoDailyDose"])] }

let package = Package(
    name: "DailyDose",
    products: [
        .executable(name: "dose", targets: ["DoseCommand"]),
        .executable(name: "dose-notify", targets: ["DoseNotifyCommand"]),
        .executable(name: "daily-dose", targets: ["DailyDoseCommand"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CGLib", path: "Sources/CGLib", pkgConfig: "gio-unix-2.0",
            providers: [.apt(["libglib2.0-dev"])]),
        // libcurl's header only: the library is opened on the first transfer (see its shim.h), so no
        // pkg-config (whose `-lcurl` would put 32 shared libraries into every command's start-up).
        .systemLibrary(
            name: "CCurl", path: "Sources/CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        // libsodium's header only, like libcurl: opened on the first signature checked (see its shim.h).
        .systemLibrary(
            name: "CSodium", path: "Sources/CSodium",
            providers: [.apt(["libsodium-dev"])]),
        // libsecret is opened on the first key stored or looked up (see its shim.h), like libcurl: no pkg-config.
        .systemLibrary(
            name: "CSecret", path: "Sources/CSecret",
            providers: [.apt(["libsecret-1-dev"])]),
        // The desktop app's toolkit: linked into `daily-dose` only (never into `dose` or `dose-notify`).
        .systemLibrary(
            name: "CGtk", path: "Sources/CGtk", pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(
            name: "CAdwaita", path: "Sources/CAdwaita", pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]),
        .systemLibrary(
            name: "CWebKit", path: "Sources/CWebKit", pkgConfig: "webkitgtk-6.0",
            providers: [.apt(["libwebkitgtk-6.0-dev"])]),

        // Pure core: no I/O, no Foundation; only the Swift standard library.
        .target(name: "DoseCore", swiftSettings: noFoundation),
        // The one GLib glue layer every GLib-using module shares: GError checks, callback boxes
        // released by destroy notifies, source handles that remove themselves, the main loop.
        .target(name: "GLibGlue", dependencies: ["CGLib"], swiftSettings: noFoundation),
        // GLib-backed platform pieces shared by both processes: XDG paths,
        // atomic files, the config key file, time zones, the snapshot, logging.
        .target(name: "DoseSystem", dependencies: ["DoseCore", "GLibGlue", "CGLib"], swiftSettings: noFoundation),
        // The one HTTP door: libcurl behind one wrapper file, limits enforced while reading, redirects
        // judged by us; a blocking driver for commands and a GLib-loop driver for the daemon.
        // A large answer may wait in a nameless temporary file (DoseSystem's) instead of in memory.
        .target(name: "DoseHTTP", dependencies: ["CCurl", "DoseSystem", "GLibGlue", "CGLib"], swiftSettings: noFoundation),
        // The SQLite store: the pool and the learning queue.
        .target(name: "DoseStore", dependencies: ["DoseCore", "CSQLite"], swiftSettings: noFoundation),
        // Signed packs: minisign signatures checked with libsodium, behind one wrapper file.
        .target(name: "DoseSignature", dependencies: ["DoseCore", "DoseSystem", "CSodium"], swiftSettings: noFoundation),
        // The learning queue: durable intent, the AI provider client, the background worker.
        .target(name: "DoseLearning", dependencies: ["DoseCore", "DoseSystem", "DoseStore", "DoseHTTP", "GLibGlue", "CGLib"], swiftSettings: noFoundation),
        // The app's commands.
        .target(name: "DoseApp", dependencies: ["DoseCore", "DoseSystem", "DoseStore", "DoseHTTP", "DoseLearning", "DoseSignature", "DoseSecret", "GLibGlue", "CGLib"], swiftSettings: noFoundation),
        // The scheduler: GLib main loop, timerfd, the notification server spoken to over GDBus.
        // The shell completions' generator: used by the tests that keep packaging/completions equal to the tables, linked into neither executable.
        .target(name: "DoseCompletions", dependencies: ["DoseSystem"], swiftSettings: noFoundation),
        .target(name: "DoseNotifier", dependencies: ["DoseCore", "DoseSystem", "GLibGlue", "CGLib"], swiftSettings: noFoundation),

        // The provider's key in the Secret Service (GNOME Keyring, KWallet), behind libsecret's one wrapper file.
        .target(name: "DoseSecret", dependencies: ["DoseSystem", "GLibGlue", "CGLib", "CSecret"], swiftSettings: noFoundation),
        // The desktop app's logic, without GTK: what the window shows for which day and id, what a click
        // or a preference change means. Tested like the rest; the widgets only draw it.
        .target(name: "DoseDesktop", dependencies: ["DoseCore", "DoseSystem", "DoseStore", "DoseApp", "DoseLearning", "DoseSecret", "GLibGlue", "CGLib"], swiftSettings: noFoundation),

        // The desktop app's widgets: GTK 4, libadwaita and WebKitGTK behind one wrapper file each; they only
        // draw what DoseDesktop decides.
        .target(name: "DoseWindow", dependencies: ["DoseDesktop", "DoseApp", "DoseLearning", "DoseCore", "DoseSystem", "GLibGlue", "CGLib", "CGtk", "CAdwaita", "CWebKit"], swiftSettings: noFoundation),

        .executableTarget(name: "DoseCommand", dependencies: ["DoseApp", "DoseSystem"], path: "Sources/dose", swiftSettings: noFoundation),
        .executableTarget(name: "DoseNotifyCommand", dependencies: ["DoseNotifier"], path: "Sources/dose-notify", swiftSettings: noFoundation),
        .executableTarget(name: "DailyDoseCommand", dependencies: ["DoseWindow", "DoseSystem"], path: "Sources/daily-dose", swiftSettings: noFoundation),

        // Helpers the tests share (the one spawn helper, hostile loopback server, measured child processes); tests only.
        .target(name: "DoseTestSupport", dependencies: ["DoseSystem", "CGLib", "GLibGlue"], path: "Tests/DoseTestSupport"),

        .testTarget(name: "DoseCoreTests", dependencies: ["DoseCore", "DoseTestSupport"]),
        .testTarget(name: "DoseSystemTests", dependencies: ["DoseSystem", "DoseCore", "DoseTestSupport"]),
        .testTarget(name: "DoseHTTPTests", dependencies: ["DoseHTTP", "DoseSystem", "DoseTestSupport", "GLibGlue", "CGLib"]),
        .testTarget(name: "DoseSignatureTests", dependencies: ["DoseSignature", "DoseCore", "DoseSystem", "DoseTestSupport"]),
        .testTarget(name: "DoseStoreTests", dependencies: ["DoseStore", "DoseCore", "DoseTestSupport"]),
        .testTarget(name: "DoseAppTests", dependencies: ["DoseApp", "DoseNotifier", "DoseCompletions", "DoseCore", "DoseSystem", "DoseStore", "DoseTestSupport"]),
        .testTarget(name: "DoseLearningTests", dependencies: ["DoseLearning", "DoseStore", "DoseCore", "DoseSystem", "DoseHTTP", "DoseTestSupport"]),
        .testTarget(name: "DoseNotifierTests", dependencies: ["DoseNotifier", "DoseCore", "DoseSystem", "DoseTestSupport", "GLibGlue", "CGLib"]),
        .testTarget(name: "DoseSecretTests", dependencies: ["DoseSecret", "DoseSystem", "DoseTestSupport"]),
        .testTarget(name: "DoseDesktopTests", dependencies: ["DoseDesktop", "DoseApp", "DoseLearning", "DoseCore", "DoseSystem", "DoseStore", "DoseTestSupport", "GLibGlue", "CGLib"]),
        .testTarget(name: "GLibGlueTests", dependencies: ["GLibGlue", "CGLib", "DoseTestSupport"]),
        .testTarget(name: "DoseTestSupportTests", dependencies: ["DoseTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
