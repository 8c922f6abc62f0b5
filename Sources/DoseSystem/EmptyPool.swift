/// What every program says when the pool has no items yet: the desktop app's welcome page imports one in a
/// click, so it comes first; the command stays for a terminal or a headless machine.
public enum EmptyPool {
    public static var hint: String {
        tr("open Daily Dose to import the sample pack or a source (its welcome page), or run `dose import PACK`")
    }
}
