import DoseCore
import DoseSystem

/// The names of the branch codes packs tag doses with, as the app shows them: `CS` is "Computer science".
/// The command line keeps the codes (they are what `dose config set branch` takes); a code not listed here, which
/// a pack may bring, is shown as itself.
public enum BranchNames {
    /// The branch's name in the user's language, or the code itself when it is not a known branch.
    public static func name(_ code: BranchCode) -> String {
        switch code.rawValue {
        case "AE": tr("Aerospace engineering")
        case "BT": tr("Biotechnology")
        case "CE": tr("Civil engineering")
        case "CH": tr("Chemical engineering")
        case "CS": tr("Computer science")
        case "EC": tr("Electronics and communication")
        case "EE": tr("Electrical engineering")
        case "IT": tr("Information technology")
        case "ME": tr("Mechanical engineering")
        case "MT": tr("Metallurgy and materials")
        default: code.rawValue
        }
    }

    /// A configured branch as text (`branchNotInPool` carries it so): its name when it is a code, else as given.
    public static func name(_ text: String) -> String {
        BranchCode(exactly: text).map(name) ?? text
    }
}
