import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One run of a program as a child process: its wall time, its peak memory and what it
/// printed.
///
/// The program runs under `bowq-bench-meter` (built beside `bowq-bench`), which forks it and
/// reports its own `ru_maxrss` and wall time: this process cannot take them from `wait4`, as
/// the kernel counts a spawning parent's peak into its child's (see that program's main.c).
struct StoreChildProcess {
  var seconds: Double
  /// The child's maximum resident set size, in bytes.
  var peakMemory: Int
  var output: String
  /// Whether the child was killed for running past its time limit.
  var timedOut = false

  /// The meter's path: `bowq-bench-meter` in the folder of this program.
  static let meter = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent().appendingPathComponent("bowq-bench-meter").path

  /// Runs `arguments` (the program is looked up in `PATH` unless it contains a slash) and
  /// waits for it, killing it after `timeLimit` seconds; throws when it cannot start or
  /// exits with a failure of its own.
  ///
  /// - Parameters:
  ///   - includingErrors: whether the child's standard error is read with its output.
  ///   - watch: when given, receives each piece of output as it arrives, with the seconds
  ///     since the start, and the output is not kept (a result may be larger than memory).
  static func run(
    _ arguments: [String], timeLimit: Double = .infinity, includingErrors: Bool = false,
    watch: ((ArraySlice<UInt8>, Double) -> Void)? = nil
  ) throws -> StoreChildProcess {
    guard FileManager.default.isExecutableFile(atPath: meter) else {
      throw BenchmarkError(
        "no bowq-bench-meter beside bowq-bench: build it (swift build --product bowq-bench-meter)")
    }
    var pipe: [Int32] = [0, 0]
    var measures: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0, Glibc.pipe(&measures) == 0 else {
      throw BenchmarkError("cannot create a pipe")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    if includingErrors { posix_spawn_file_actions_adddup2(&actions, pipe[1], 2) }
    posix_spawn_file_actions_adddup2(&actions, measures[1], 3)
    for descriptor in [pipe[0], pipe[1], measures[0], measures[1]] where descriptor > 3 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    let argv = ([meter] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let start = DispatchTime.now().uptimeNanoseconds
    var pid = pid_t()
    let spawned = posix_spawn(&pid, meter, &actions, nil, argv, environ)
    close(pipe[1])
    close(measures[1])
    defer { close(measures[0]) }
    guard spawned == 0 else {
      close(pipe[0])
      throw BenchmarkError("cannot run \(meter): \(String(cString: strerror(spawned)))")
    }
    // The child is not reaped before its output ends, so its pid stays its own until then
    // and killing it at the deadline cannot hit another process.
    var output = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    var timedOut = false
    let deadline = Double(start) / 1e9 + timeLimit
    while true {
      var ready = pollfd(fd: pipe[0], events: Int16(POLLIN), revents: 0)
      let remaining = deadline - Double(DispatchTime.now().uptimeNanoseconds) / 1e9
      if !timedOut, remaining <= 0 {
        kill(pid, SIGTERM)
        timedOut = true
      }
      let wait = timedOut ? -1 : Int32(min(remaining * 1000, 60_000))
      if poll(&ready, 1, wait) == 0 { continue }
      let count = read(pipe[0], &buffer, buffer.count)
      if count > 0, let watch {
        watch(buffer[0..<count], Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      } else if count > 0 {
        output.append(contentsOf: buffer[0..<count])
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    close(pipe[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let text = String(decoding: output, as: UTF8.self)
    guard timedOut || (status & 0x7F == 0 && (status >> 8) & 0xFF == 0) else {
      throw BenchmarkError(
        "\(arguments.joined(separator: " ")) failed (status \(status)): \(text)")
    }
    let measured = String(
      decoding: FileHandle(fileDescriptor: measures[0]).readDataToEndOfFile(), as: UTF8.self
    )
    .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    guard measured.count == 2, let peak = Int(measured[0]), let seconds = Double(measured[1])
    else {
      throw BenchmarkError("bowq-bench-meter did not measure \(arguments[0]): \(text)")
    }
    return StoreChildProcess(
      seconds: seconds, peakMemory: peak, output: text, timedOut: timedOut)
  }

  /// The numbers the child printed on its output, in order.
  var numbers: [Double] {
    output.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
  }
}
