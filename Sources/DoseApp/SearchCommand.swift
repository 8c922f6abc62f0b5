import DoseCore
import DoseSystem

/// `dose search TEXT…`: the items whose id, title or text hold TEXT, case- and accent-insensitively
/// (`ampere` finds `Ampère`), one line each like `dose list`; answers are neither searched nor shown.
struct SearchCommand {
    let context: AppContext

    func run(_ arguments: inout Arguments) throws(CommandError) {
        var words = [try arguments.positional("TEXT")]
        while let word = arguments.optionalPositional() { words.append(word) }
        try arguments.finish()
        let text = words.joined(separator: " ")
        guard !text.allSatisfy({ $0 == " " }) else { throw .usage(tr("search for what? TEXT is empty")) }
        let query = ItemQuery(text: text)
        try ItemListing.print(
            query.select(try PoolView.open(context).items()), json: false,
            nothing: tr("no item holds {text}", ["text": JSONWriter.quoted(text)]))
    }
}
