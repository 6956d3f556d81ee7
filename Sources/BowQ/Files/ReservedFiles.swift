#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files that belong to something open — a store and the files beside it that go with
/// it — which no output may be: every writer of output (`.output`, `.once`, `export`) asks
/// ``check(_:)`` before it opens or creates anything.
///
/// A path is one of them when, once its symbolic links and `..` are followed, it is the same
/// file (the same device and inode: a hard link is caught too), or the same name in the same
/// folder (the folder's device and inode: a file that does not exist yet, such as a journal
/// SQLite creates later, is caught too), or anything inside a folder of the set.
public struct ReservedFiles: Sendable {
  /// One file or folder of the set, or the files of a folder whose names start alike.
  public struct Member: Sendable {
    /// How the member's name is matched in its folder.
    public enum NamePattern: Hashable, Sendable {
      /// The one file of this name.
      case exactly(String)
      /// Every file whose name starts so (the temporary files `.<name>.tmp-<pid>-<n>`).
      case startingWith(String)
    }

    /// The folder the member is in.
    public var folder: String
    public var name: NamePattern
    /// What the member is, for messages: `Books.sqlite-wal, the write-ahead log of the open
    /// store Books.sqlite`.
    public var description: String
    /// Whether the member is a folder whose contents belong to the set too.
    public var includesContents: Bool

    public init(
      folder: String, name: NamePattern, description: String, includesContents: Bool = false
    ) {
      self.folder = folder
      self.name = name
      self.description = description
      self.includesContents = includesContents
    }

    /// The member at `path` itself.
    public init(path: String, description: String, includesContents: Bool = false) {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      self.init(
        folder: AtomicFile.folder(of: path), name: .exactly(name), description: description,
        includesContents: includesContents)
    }
  }

  public var members: [Member]

  /// The set of `members`; empty when nothing is open.
  public init(_ members: [Member] = []) {
    self.members = members
  }

  /// The members `beside(path)` gives for `path` and, when `path` is reached through
  /// symbolic links, for the file it leads to: the files beside the store as named and
  /// beside its real file both belong to it.
  public static func beside(_ path: String, _ members: (String) -> [Member]) -> ReservedFiles {
    let real = (try? ResolvedPath(path).realPath) ?? path
    return ReservedFiles(members(path) + (real == path ? [] : members(real)))
  }

  /// The most folder levels ``check(_:)`` searches in a member folder for another name of
  /// the file a path names (a hard link): the folders of a store are one or two deep.
  private static let searchedDepth = 4

  /// Refuses `path` as an output file when it is one of the set's files.
  ///
  /// - Throws: ``FileError/reserved(path:member:)`` naming the member the path is.
  public func check(_ path: String) throws(FileError) {
    guard !members.isEmpty, let target = Target(path) else { return }
    for member in members {
      if let found = match(target, member) {
        throw FileError.reserved(path: path, member: found)
      }
    }
  }

  /// What `target` is of `member`, or nil when it is none of it.
  private func match(_ target: Target, _ member: Member) -> String? {
    guard let folder = Identity(member.folder) else { return nil }
    switch member.name {
    case .startingWith(let prefix):
      return target.folder == folder && target.name.hasPrefix(prefix) ? member.description : nil
    case .exactly(let name):
      if target.folder == folder, target.name == name { return member.description }
      let path = member.folder + "/" + name
      guard let identity = Identity(path) else { return nil }
      if target.file?.identity == identity { return member.description }
      guard member.includesContents else { return nil }
      if target.folders.contains(identity) { return "inside \(member.description)" }
      if let file = target.file, file.links > 1,
        Self.contains(path, file.identity, depth: Self.searchedDepth)
      {
        return "a file inside \(member.description)"
      }
      return nil
    }
  }

  /// Whether the folder `path`, or a folder in it down to `depth` levels, holds the file of
  /// `identity` under some name.
  private static func contains(_ path: String, _ identity: Identity, depth: Int) -> Bool {
    guard depth > 0, let folder = opendir(path) else { return false }
    defer { closedir(folder) }
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard name != ".", name != ".." else { continue }
      var info = stat()
      let child = path + "/" + name
      guard lstat(child, &info) == 0 else { continue }
      if Identity(info) == identity { return true }
      if FileKind(mode: info.st_mode) == .directory,
        contains(child, identity, depth: depth - 1)
      {
        return true
      }
    }
    return false
  }

  /// A file's device and inode.
  private struct Identity: Hashable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
    }

    /// The identity of what `path` leads to, its links followed; nil when there is nothing.
    init?(_ path: String) {
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      self.init(info)
    }
  }

  /// A path as an output would reach it: the folder it is in and its name there, with links
  /// and `..` followed.
  private struct Target {
    /// The last component of the real path.
    var name: String
    /// The real folder it is in.
    var folder: Identity
    /// That folder and every folder above it, and the path itself when it is a folder.
    var folders: Set<Identity>
    /// The file there and how many names it has; nil when there is none yet.
    var file: (identity: Identity, links: Int)?

    /// Nil when there is nothing at `path` and nothing can be created there either (its
    /// folder is missing, or cannot be examined).
    init?(_ path: String) {
      var info = stat()
      let real: String
      if stat(path, &info) == 0 {
        guard let canonical = Self.canonical(path) else { return nil }
        real = canonical
        file = (Identity(info), Int(info.st_nlink))
      } else {
        // A new file, where the link at `path` (if any) points.
        guard let resolved = try? ResolvedPath(path),
          let folder = Self.canonical(AtomicFile.folder(of: resolved.realPath))
        else { return nil }
        let name = resolved.realPath.split(separator: "/").last.map(String.init) ?? ""
        real = (folder == "/" ? "" : folder) + "/" + name
        file = nil
      }
      name = real.split(separator: "/").last.map(String.init) ?? "/"
      guard let folder = Identity(AtomicFile.folder(of: real)) else { return nil }
      self.folder = folder
      var folders: Set<Identity> = []
      var above = real
      if file != nil, FileKind(mode: info.st_mode) == .directory {
        folders.insert(Identity(info))
      }
      while above != "/" {
        above = AtomicFile.folder(of: above)
        if let identity = Identity(above) { folders.insert(identity) }
      }
      self.folders = folders
    }

    /// The absolute path of `path` with every link, `.` and `..` resolved; nil when it
    /// cannot be (something on the way is missing).
    private static func canonical(_ path: String) -> String? {
      guard let resolved = realpath(path, nil) else { return nil }
      defer { free(resolved) }
      return String(cString: resolved)
    }
  }
}
