import DoseApp
import DoseCore
import DoseDesktop
import DoseLearning
import DoseSystem
import DoseTestSupport
import Foundation
import Testing

/// The app's voice (issue 21): every fact the shared code gives (a config value's problem, a stored change's warning,
/// a sync's problem, the provider's problem) becomes a sentence of the app's own, in English and German, that names
/// no command, config key, environment variable, library text or ISO date, while the command line keeps its words.
@Suite(.timeLimit(.minutes(5)), .watched) struct VoiceTests {
    /// What the app must never say; the e2e scenario app-voice checks the same on screen.
    static let forbidden = [
        #"(^|[^[:alnum:]_-])dose (import|sync|config|today|show|open|learn|calendar|list|search|validate|daemon)\b"#,
        #"config key|notify-time|sync-timeout|source\.pubkey|[Pp]rovider\.(url|model|key-file)"#,
        #"DOSE_[A-Z_]+|XDG_[A-Z_]+"#, #"\b20[0-9]{2}-[0-9]{2}-[0-9]{2}\b"#,
        #"[Ff]ailed to connect|[Cc]ouldn't connect to server|libcurl|SQLite|sqlite|No such file"#, #"systemd|dunst"#,
    ]

    static func violations(_ text: String) -> [String] {
        forbidden.filter { text.range(of: $0, options: .regularExpression) != nil }
    }

    static let reasons: [ConfigError.Reason] = [
        .controlCharacter, .notABranch, .notATime, .empty, .relativePath, .unsupportedScheme("ftp"), .notAPublicKey, .notSeconds,
        .notAWebURL, .notAnAbsolutePath, .unreadable,
    ]

    static let warnings: [ConfigChange.Warning] = [
        .snapshotNotRefreshed(error: "database is locked"), .noUntaggedItem(codes: "CS, EE"),
        .branchNotInPool(branch: "XX", untagged: 180, codes: "CS, EE"),
    ]

    static func statuses() -> [ProviderKeyService.Status] {
        var all: [ProviderKeyService.Status] = []
        for source in [ProviderKey.Source.environment, .keyFile, .keyring, .none] {
            for kind in [nil, ProviderSnapshot.ProblemKind.configUnreadable, .notConfigured, .key, .keyWithheld] {
                for url in [nil, "http://10.0.0.7/v1"] {
                    all.append(ProviderKeyService.Status(
                        providerURL: url, source: source, problem: kind.map { _ in "provider.model is not set (DOSE_PROVIDER_KEY)" },
                        problemKind: kind, keyWithheld: kind == .keyWithheld, keySaved: source == .keyring))
                }
            }
        }
        return all
    }

    /// Every sentence the mapping can give, in the thread's language.
    static func everySentence() -> [String] {
        let noon: Int64 = 1_780_000_000 - 1_780_000_000 % 86_400 + 43_200
        var record = SyncRecord(at: noon - 60, outcome: .failed, source: "http://127.0.0.1:9/p.json", message: "Failed to connect")
        record.lastSuccess = .init(at: noon - 40 * 86_400, items: 328)
        var sentences = SyncProblem.allCases.map(PreferencesText.syncProblem)
        for problem in SyncProblem.allCases {
            record.problem = problem
            sentences.append(PreferencesText.syncStatus(record, now: noon, zone: FixedOffsetZone.utc).text)
        }
        for key in [ConfigKey.notifyTime, .branch, .source, .providerURL, .providerModel, .providerKeyFile] {
            for reason in reasons {
                sentences.append(PreferencesText.refusal(.init(kind: .invalid, key: key, value: "x", reason: "config key \(key.rawValue): no", problem: reason)))
            }
            sentences.append(PreferencesText.refusal(.init(kind: .file, key: key, value: nil, reason: "config.ini: No such file or directory")))
        }
        sentences += warnings.map(PreferencesText.warning)
        sentences += statuses().map(PreferencesText.providerDescription)
        return sentences
    }

    @Test func everyMappedSentenceSpeaksLikeTheAppInEnglish() {
        for sentence in Self.everySentence() {
            #expect(Self.violations(sentence).isEmpty, "\(sentence)")
            // Short: the longest is the provider group's description with the plain-http warning.
            #expect(!sentence.isEmpty && sentence.count < 300, "short: \(sentence)")
        }
    }

    @Test func andInGermanEverySentenceIsTranslated() throws {
        let english = Self.everySentence()
        let german = try German.run { Self.everySentence() }
        #expect(german.count == english.count)
        for (de, en) in zip(german, english) {
            #expect(Self.violations(de).isEmpty, "\(de)")
            // Translated: a sentence still in English came from a msgid without a translation.
            #expect(de != en, "untranslated: \(en)")
        }
    }

    @Test func aRefusalFitsAToastAt360Pixels() throws {
        // libadwaita cuts a toast's title to one line: at 360 px about 45 characters show (issue 21: cut where the
        // useful part began). The refused row is marked, so the toast needs only what to type.
        func refusals() -> [String] {
            Self.reasons.map { PreferencesText.refusal(.init(kind: .invalid, key: .source, value: "x", reason: "", problem: $0)) }
                + [PreferencesText.refusal(.init(kind: .file, key: .source, value: nil, reason: ""))]
        }
        for text in refusals() { #expect(text.count <= 45, "\(text)") }
        for text in try German.run({ refusals() }) { #expect(text.count <= 55, "\(text)") }
    }

    @Test func theCommandLineKeepsItsOwnPreciseWords() {
        // The facts carry the command line's text alongside; only the app's sentences leave it out.
        let branch = ConfigChange.Warning.branchNotInPool(branch: "XX", untagged: 180, codes: "CS, EE")
        #expect(branch.description.contains("`dose config list --branches`"))
        #expect(PreferencesText.warning(branch) == "No dose is meant for XX yet, so you see the 180 common ones")
        let failure = ContentSync.Failure(.unreachable, message: "cannot fetch http://127.0.0.1:9/p.json: Failed to connect to 127.0.0.1 port 9")
        let worded = PreferencesText.failure(failure)
        #expect(worded.message == "Couldn't reach the content source. Check the address and your connection.")
        #expect(worded.detail == failure.message, "the precise cause goes to the journal")
    }

    @Test func anExitStatusIsTheSyncsProblem() {
        #expect(SyncProblem(.unavailable) == .unreachable)
        #expect(SyncProblem(.temporaryFailure) == .timedOut)
        #expect(SyncProblem(.noInput) == .missingFile)
        #expect(SyncProblem(.dataError) == .invalidPack)
        #expect(SyncProblem(.config) == .settings)
        #expect(SyncProblem(.ioError) == .storage)
    }

    @Test func aSourceIsHTTPOrAFileAndAnyOtherSchemeIsRefusedAsTyped() throws {
        for accepted in ["https://example.org/p.json", "http://127.0.0.1:9/p.json", "file:///srv/p.json", "/srv/p.json"] {
            #expect(throws: Never.self) { try ConfigKey.source.normalize(accepted) }
        }
        for (typed, scheme) in [("ftp://example.org/p.json", "ftp"), ("SFTP://host/p", "sftp"), ("gopher://x", "gopher")] {
            let error = #expect(throws: ConfigError.self) { try ConfigKey.source.normalize(typed, workingDirectory: "/home/s") }
            #expect(error?.reason == .unsupportedScheme(scheme), "\(typed)")
            // The command line's words, which name the value (a relative path made absolute would be a missing file).
            #expect(error?.message.contains(": dose cannot fetch \(scheme):// URLs; give an http(s) URL or a file") == true, "\(String(describing: error))")
        }
        // A path that merely holds "://" further on is still a path.
        #expect(try ConfigKey.source.normalize("notes/a://b.json", workingDirectory: "/home/s") == "/home/s/notes/a://b.json")
    }

    @Test func momentsNameTheDayNeverAnISODate() throws {
        let noon: Int64 = 1_780_000_000 - 1_780_000_000 % 86_400 + 43_200  // 2026-05-28 12:00 UTC
        let zone = FixedOffsetZone.utc
        let text = DateText.current
        #expect(text.moment(noon - 3600, now: noon, zone: zone) == "at 11:00")
        #expect(text.moment(noon - 86_400, now: noon, zone: zone) == "yesterday at 12:00")
        #expect(text.moment(noon + 86_400, now: noon, zone: zone) == "tomorrow at 12:00")
        #expect(text.moment(noon - 5 * 86_400, now: noon, zone: zone) == "on May 23 at 12:00")
        #expect(text.moment(noon - 200 * 86_400, now: noon, zone: zone) == "on November 9, 2025 at 12:00")
        let german = try German.run { DateText.current.moment(noon - 5 * 86_400, now: noon, zone: zone) }
        #expect(german == "am 23. Mai um 12:00", "\(german)")
    }

    @Test func theLearnViewsHoldsAreTheAppsWordsNotTheProvidersText() {
        let noon: Int64 = 1_780_000_000 - 1_780_000_000 % 86_400 + 43_200
        let held = LearnOverview.queueWords(
            .held(until: noon + 900, reason: "cannot connect to 127.0.0.1: Failed to connect to 127.0.0.1 port 9: Couldn't connect to server"),
            now: noon, zone: FixedOffsetZone.utc)
        #expect(held == "The AI provider can't be reached or is busy: every topic waits, next try at 12:15.")
        let paused = LearnOverview.queueWords(.paused(reason: "HTTP 401 from provider.url"), now: noon, zone: FixedOffsetZone.utc)
        #expect(Self.violations(paused).isEmpty && paused.hasPrefix("Paused: the AI provider refused the request."))
    }
}
