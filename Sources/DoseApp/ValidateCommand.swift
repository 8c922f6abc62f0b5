import DoseCore
import DoseSystem

/// `dose validate [--pubkey KEY] PACK`: checks a pack (and with a key, its signature `PACK.minisig`)
/// for an admin without touching the store.
struct ValidateCommand {

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let key = try arguments.option(.pubkey).map { text throws(CommandError) in try PackSignature.publicKey(option: text) }
        let path = try arguments.positional("PACK")
        try arguments.finish()
        let bytes = try readPackFile(path)
        let verified = try key.map { key throws(CommandError) in try PackSignature.verifyLocal(bytes, at: path, by: key) }
        let items = try validatedItems(bytes, origin: path)
        if let verified { Console.print(verified) }
        Console.print("\(path): valid, \(poolSummary(items))")
    }
}
