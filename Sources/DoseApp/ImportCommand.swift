import DoseCore
import DoseStore
import DoseSystem

/// `dose import [--pubkey KEY] PACK`: validates everything first (with a key, the signature
/// `PACK.minisig` before anything else), then replaces the pool in one transaction.
struct ImportCommand {
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        let key = try arguments.option(.pubkey).map { text throws(CommandError) in try PackSignature.publicKey(option: text) }
        let path = try arguments.positional("PACK")
        try arguments.finish()
        let bytes = try readPackFile(path)
        let verified = try key.map { key throws(CommandError) in try PackSignature.verifyLocal(bytes, at: path, by: key) }
        if let verified { Console.print(verified) }
        try PlanningPass(context: context).run { store throws(CommandError) in
            let pack = try validatedPack(bytes, origin: path)
            do throws(StoreError) {
                try store.replacePool(
                    with: pack.items, syllabus: pack.syllabus, meta: ["imported-from": path, "imported-at": String(context.now)])
            } catch {
                throw storeFailure(tr("could not store the pool"), error)
            }
            Console.print(tr("Imported {summary}.", ["summary": poolSummary(pack.items, syllabus: pack.syllabus)]))
        }
    }
}
