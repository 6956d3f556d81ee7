import Foundation

/// The locale the environment names for dates, as a C program reads it: `LC_ALL`, then
/// `LC_TIME`, then `LANG`, the first one set and not empty.
///
/// Foundation on Linux answers `Locale.current` without looking at these variables, so
/// the shell reads them itself: `de_DE.UTF-8` (or `de_DE@euro`) is German as spoken in
/// Germany, and `C` or `POSIX` — or no variable at all — is `en_US_POSIX`, whose short
/// date style is the C locale's `%m/%d/%y`.
///
/// Only the identifier is read at launch: making a `Locale` starts ICU, which costs a process
/// about a megabyte, so the shell makes it when `show` first needs it.
enum EnvironmentLocale {
  /// The identifier of the locale `environment` names, read without making the locale.
  static func identifier(from environment: [String: String]) -> String {
    let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    guard let name else { return "en_US_POSIX" }
    let identifier = name.prefix { $0 != "." && $0 != "@" }
    guard !identifier.isEmpty, identifier != "C", identifier != "POSIX" else {
      return "en_US_POSIX"
    }
    return String(identifier)
  }
}
