import BowQ
import Foundation

/// `bowq plist FILE`: prints any property list (binary, XML or JSON) readably, or as JSON
/// with `--format json`; with `--unarchive`, an `NSKeyedArchiver` archive (a `.mom`, a
/// model cache) as its objects with their classes and fields. It reads with bowq's own decoder, so damaged files get the same
/// precise errors as damaged stores. A file name in an error has its control characters made
/// visible (``ValueText/visible(_:)``), so a name cannot break the line or send escape codes.
public enum PlistCommand {
  /// Prints the file `options` names; answers 0, or 1 when it cannot be read or decoded.
  public static func run(_ options: PlistOptions) -> Int32 {
    let shown = ValueText.visible(options.path)
    let data: Data
    if options.path == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      do {
        data = try FileContents(reading: options.path).data
      } catch {
        Launcher.writeError("bowq: cannot read \(shown): \(error.reason)\n")
        return 1
      }
    }
    do {
      let text: String
      if options.unarchives {
        let archive = try KeyedArchive.decode(data)
        try archive.checkExpandedSize(budget: PropertyListExpansion.budget(forLength: data.count))
        text =
          options.format == .json
          ? KeyedArchivePrinter.json(archive) : KeyedArchivePrinter.readable(archive)
      } else {
        let (plist, _) = try PropertyListDecoding.decode(data, readingUIDs: true)
        text =
          options.format == .json
          ? PropertyListPrinter.json(plist) : PropertyListPrinter.readable(plist)
        if plist.dictionaryValue?["$archiver"] != nil, plist.dictionaryValue?["$objects"] != nil {
          Launcher.writeError(
            "note: \(shown) is an NSKeyedArchiver archive: --unarchive shows its objects\n")
        }
      }
      let error = SystemCall.writeAll(text, to: STDOUT_FILENO)
      guard error == 0 else {
        ShellOutput.sayStandardOutputFailed(error)
        return 1
      }
      return 0
    } catch {
      Launcher.writeError("bowq: \(shown): \(error)\n")
      return 1
    }
  }
}
