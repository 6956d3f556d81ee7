extension Array {
  /// Whether both arrays are one buffer: copies of one array that neither changed since
  /// (an array shares its storage with its copies until one of them is written). Equal
  /// arrays stored apart are not.
  func sharesStorage(with other: [Element]) -> Bool {
    count == other.count
      && withUnsafeBufferPointer { mine in
        other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
      }
  }
}
