import DoseSystem
import DoseTestSupport
import Testing

/// sd-daemon(3): priority prefixes only when standard error is the stream `JOURNAL_STREAM` names.
@Suite(.timeLimit(.minutes(5)), .watched) struct JournalStreamTests {
    @Test func matchesOnlyTheSameDeviceAndInode() {
        #expect(JournalStream.matches("2049:1234567", device: 2049, inode: 1_234_567))
        #expect(!JournalStream.matches("2049:1234567", device: 2049, inode: 1_234_568))
        #expect(!JournalStream.matches("2050:1234567", device: 2049, inode: 1_234_567))
        #expect(!JournalStream.matches(nil, device: 2049, inode: 1_234_567))
        for bad in ["", ":", "2049", "2049:", ":1234567", "2049:1234567:1", "a:b", " 2049:1234567", "2049:-1", "-2049:1234567"] {
            #expect(!JournalStream.matches(bad, device: 2049, inode: 1_234_567), "\(bad)")
        }
    }
}
