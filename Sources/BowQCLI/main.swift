import BowQ
import Foundation

/// The arguments after the program's name, as the bytes `argv` holds.
let rawArguments: [[UInt8]] = (1..<Int(CommandLine.argc)).map { index in
  guard let argument = CommandLine.unsafeArgv[index] else { return [] }
  let length = strlen(argument)
  return argument.withMemoryRebound(to: UInt8.self, capacity: length) {
    Array(UnsafeBufferPointer(start: $0, count: length))
  }
}

exit(Program.main(rawArguments: rawArguments, environment: ProcessEnvironment.variables))
