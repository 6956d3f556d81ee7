/// Which version of a store file a session holds, taken when it was loaded or saved: a
/// save compares it with the file on disk, so a store that another program changed or
/// replaced in the meantime is not silently overwritten (``StoreHandle``).
public typealias StoreFingerprint = FileFingerprint
