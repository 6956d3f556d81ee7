import BowQShell

/// The `bowq` command line: parsing the arguments into an ``Invocation``, and the usage
/// text of `--help`.
///
/// Options follow GNU conventions: `--name value` or `--name=value`, `-c value` or
/// `-cvalue`, `--` ends the options, and a lone `-` is standard input. The first argument
/// that is not an option is the script; everything after it belongs to the script, as
/// for a `#!/usr/bin/env bowq` line. `plist` in its place starts `bowq plist FILE`.
enum CommandLineOptions {
  /// Parses the arguments that follow the program name.
  ///
  /// - Throws: ``CommandLineError`` for an unknown option, a missing or invalid value, or
  ///   options that exclude each other.
  static func parse(_ arguments: [String]) throws(CommandLineError) -> Invocation {
    var parser = ArgumentParser(arguments: arguments)
    return try parser.parse()
  }

  /// The text `--help` prints: every option, the commands, examples, exit statuses and
  /// environment variables.
  ///
  /// - Parameter defaultStorePath: where the default store is (``Paths/defaultStorePath``).
  static func helpText(defaultStorePath: String) -> String {
    """
    Usage: bowq [OPTIONS] [FILE [ARGUMENT...]]
           bowq [OPTIONS] -c STATEMENTS [-c STATEMENTS...]
           bowq plist FILE [--unarchive] [--format json]

    A Core Data-style object store with a query shell. Without FILE or -c, bowq
    reads statements from standard input: with a prompt and line editing on a
    terminal, plainly from a pipe.

    Store:
          --store PATH     use the store file PATH (created empty when missing)
          --memory         use an empty in-memory store; nothing is written
          --sample         with --store (a new file) or --memory: start from the
                           BowTie model and its sample data, like the default store
          --read-only      open the store without saving to it: no lock is taken,
                           so it works while another bowq has the store open, and
                           on a damaged store it opens every entity that can be read
      Without --store or --memory, the default store is used:
        \(defaultStorePath)
      It is seeded with the BowTie sample data on first use.
      A Core Data SQLite store (an app's .sqlite) is read in place, and changed
      only by 'save' with --write-core-data; its model comes from the store
      itself, or:
          --model PATH     the app's model: an .xcdatamodeld, .xcdatamodel, .momd
                           or .mom
          --write-core-data
                           let 'save' write the changes back into the Core Data
                           store, as Core Data does, in one transaction; that
                           Core Data itself reopens such a file is not
                           confirmed, so keep a copy

    Statements:
      -c STATEMENTS        run STATEMENTS, print the results and exit; may be given
                           more than once: all run in order, in one session; then
                           an error says which -c it is in, as -c#2:1:7
      FILE                 run the script FILE ('-' for standard input); works as a
                           '#!/usr/bin/env bowq' line; the ARGUMENTs after FILE
                           belong to the script
          --keep-going     carry on after a failed statement instead of stopping

    Output:
          --format FORMAT  table, box, json, jsonl, csv or line
          --json           the same as --format json
          --color WHEN     auto (colour on a terminal, the default), always or never

      -h, --help           print this help and exit
      -V, --version        print the version and exit
          --               end of the options: FILE and its ARGUMENTs follow

    An option's value can also be attached: --store=PATH, --format=csv.

    Commands:
      plist FILE           print any property list file (binary, XML or JSON)
                           readably, as 'plutil -p' does; as JSON with --format json
          --unarchive      with plist: decode an NSKeyedArchiver archive, binary
                           or XML (a compiled Core Data model, .mom), into its
                           objects, each with its class and fields

    Examples:
      bowq                                the shell on the default store
      bowq --memory --sample              try things out; nothing is saved
      bowq -c 'fetch BowTie where rating > 3 sort by rating desc'
      bowq --store ties.plist -c 'fetch BowTie where searchKey == "R"' \\
           -c 'set rating = 4' -c save
      bowq --json -c 'fetch BowTie' | jq '.[].name'
      echo 'count BowTie' | bowq --memory --sample
      bowq checks.bowq
      bowq plist SampleData.plist --format json
      bowq plist Model.momd/Model.mom --unarchive
      bowq --store App.sqlite -c 'count Book'
      bowq --store App.sqlite --write-core-data \\
           -c 'update Book where price > 50 set price = 50' -c save

    Exit status:
      0  every statement succeeded
      1  a statement failed (a script stops at the first error unless --keep-going),
         or standard output could not be written
      2  the command line is wrong

    Environment:
      BOWQ_HISTORY      the history file, by default
                        ${XDG_STATE_HOME:-~/.local/state}/bowq/history;
                        set but empty: no history
      BOWQ_NOW          a fixed clock for now(), an ISO 8601 date such as
                        2024-05-01T12:00:00Z, for reproducible output
      BOWQ_SAMPLE_DATA  the SampleData.plist new stores are seeded from (by default
                        the copy built into bowq)
      NO_COLOR          when not empty: no colour
      FORCE_COLOR       when not empty: colour even when not on a terminal
      CLICOLOR_FORCE    when neither empty nor 0: the same
      XDG_DATA_HOME, XDG_STATE_HOME
                        where the default store and the history are kept

    """
  }
}
