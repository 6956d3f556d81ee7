import Foundation

/// The libFuzzer entry point: feeds each input to the binary property-list reader, to the
/// store decoder that loading uses, and, when it is a property list, to the salvaging
/// reader of `--read-only`.
///
/// Errors are the expected outcome for almost every input; the fuzzer looks for traps,
/// memory errors, leaks and hangs. Two invariants are checked on top, and trap when broken:
/// - the store decoder accepts nothing the property-list reader rejects (it shares its
///   rules), and a store it opens can be saved and opened again to the same bytes, since
///   bowq must be able to save every store it opens;
/// - the property-list tree of a valid store decodes to that same store.
@_cdecl("LLVMFuzzerTestOneInput")
public func plistReaderFuzzerTestOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(bytes: start, count: count)
  let plist = try? BinaryPropertyListReader.decode(data)
  let graph = try? StoreCodec.decodeData(data)
  if let plist { _ = try? StoreSalvage.decode(plist) }
  guard let graph else { return 0 }
  guard let plist else { fatalError("the store decoder accepts what the reader rejects") }
  do {
    let saved = try StoreCodec.encodeData(graph)
    let again = try StoreCodec.encodeData(StoreCodec.decodeData(saved))
    precondition(again == saved, "a saved store reads back differently")
    let fromTree = try StoreCodec.encodeData(StoreCodec.decode(plist))
    precondition(fromTree == saved, "the tree of a store decodes differently from its bytes")
  } catch {
    fatalError("a store that opens cannot be saved and reopened: \(error)")
  }
  return 0
}
