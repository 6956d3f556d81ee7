extension String {
  /// Whether some byte of the string's UTF-8 satisfies `test`, read from the string's
  /// storage in one piece rather than through its UTF-8 view byte by byte: how a writer
  /// asks whether a value must be quoted or escaped, once for each of millions of values.
  /// (Shared with the shell's writers within the package, not offered to users of BowQ.)
  @inlinable
  package func containsUTF8(where test: (UInt8) -> Bool) -> Bool {
    var string = self
    return string.withUTF8 { $0.contains(where: test) }
  }
}
