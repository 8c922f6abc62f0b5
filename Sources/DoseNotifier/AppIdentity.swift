/// The one application id, used for the desktop-entry hint, the .desktop file, the icon and the metainfo.
public enum AppIdentity {
    public static let applicationID = "net.dailydose.DailyDose"
    /// A vendor category, as the spec asks for non-standard ones (`x-vendor.class.name`).
    static let category = "x-dailydose.dose"
}
