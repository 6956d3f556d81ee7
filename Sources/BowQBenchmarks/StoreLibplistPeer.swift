import Foundation

/// libplist's C parser and writer as a peer: a tiny C program built against Debian's
/// libplist-dev when the benchmark starts.
///
/// `plistutil` (libplist-utils) cannot stand in for it: it always converts, so its time
/// would include writing XML or binary output, never the parse alone. The program reads the
/// file into memory, then `load FILE` parses it with `plist_from_bin` and prints the number
/// of ties; `save FILE OUT` parses it, then times `plist_to_bin` and the write and prints
/// the count and those seconds. Both exit without freeing the tree, as the other peers do.
enum StoreLibplistPeer {
  static let source = #"""
    #include <plist/plist.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #include <time.h>
    #include <unistd.h>

    static char *slurp(const char *path, long *length) {
      FILE *file = fopen(path, "rb");
      if (!file) { perror(path); exit(1); }
      fseek(file, 0, SEEK_END);
      *length = ftell(file);
      fseek(file, 0, SEEK_SET);
      char *bytes = malloc(*length);
      if (fread(bytes, 1, *length, file) != (size_t)*length) { perror(path); exit(1); }
      fclose(file);
      return bytes;
    }

    static double now(void) {
      struct timespec t;
      clock_gettime(CLOCK_MONOTONIC, &t);
      return t.tv_sec + t.tv_nsec / 1e9;
    }

    int main(int argc, char **argv) {
      if (argc < 3) { fprintf(stderr, "usage: %s load FILE | save FILE OUT\n", argv[0]); return 2; }
      long length;
      char *bytes = slurp(argv[2], &length);
      plist_t root = NULL;
      plist_from_bin(bytes, (uint32_t)length, &root);
      if (!root || plist_get_node_type(root) != PLIST_ARRAY) {
        fprintf(stderr, "%s: not a binary plist array\n", argv[2]);
        return 1;
      }
      unsigned count = plist_array_get_size(root);
      if (strcmp(argv[1], "save") == 0 && argc == 4) {
        double start = now();
        char *out = NULL;
        uint32_t outLength = 0;
        plist_to_bin(root, &out, &outLength);
        FILE *file = fopen(argv[3], "wb");
        if (!file || fwrite(out, 1, outLength, file) != outLength) { perror(argv[3]); return 1; }
        fclose(file);
        printf("%u %f\n", count, now() - start);
      } else {
        printf("%u\n", count);
      }
      fflush(stdout);
      _exit(0);
    }
    """#

  /// Builds the program in `folder` and returns its path.
  ///
  /// - Throws: when no C compiler or libplist-dev is installed (`make bench` installs them).
  static func build(in folder: String) throws -> String {
    let sourcePath = folder + "/libplist-peer.c"
    let program = folder + "/libplist-peer"
    try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
    let flags = try StoreChildProcess.run(["pkg-config", "--cflags", "--libs", "libplist-2.0"])
      .output.split(whereSeparator: \.isWhitespace).map(String.init)
    let compiler = ["cc", "clang"].first { isInstalled($0) } ?? "cc"
    _ = try StoreChildProcess.run([compiler, "-O2", "-o", program, sourcePath] + flags)
    return program
  }

  private static func isInstalled(_ program: String) -> Bool {
    (try? StoreChildProcess.run(["sh", "-c", "command -v \(program)"])) != nil
  }
}
