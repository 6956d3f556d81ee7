// bowq-bench-meter PROGRAM [ARGUMENT ...]
//
// Runs PROGRAM as its own child and writes, on descriptor 3, the child's peak resident
// memory in bytes and its wall time in seconds ("PEAK SECONDS\n"), then exits as the child
// did. The benchmarks run every measured process through it.
//
// A parent cannot take a child's peak from its own `wait4`: posix_spawn (and so Foundation's
// Process) starts the child in the parent's address space, and the kernel counts that
// address space's peak into the child's `ru_maxrss` when the child replaces it with its
// program, so every child of a large parent seems at least as large as the parent. `fork`
// from this small program copies only its own few pages, which `ru_maxrss` then counts
// instead: well under a megabyte.
//
// SIGTERM to this program kills the child (SIGKILL), which is how a run past its time
// limit ends; Ctrl-C reaches both, as they share the terminal's process group.

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile pid_t child;

static void killChild(int number) {
  (void)number;
  kill(child, SIGKILL);
}

static double now(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return time.tv_sec + time.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  if (argc < 2 || fcntl(3, F_SETFD, FD_CLOEXEC) != 0) {
    fprintf(stderr, "usage: %s PROGRAM [ARGUMENT ...], with descriptor 3 open\n", argv[0]);
    return 2;
  }
  double start = now();
  child = fork();
  if (child < 0) {
    fprintf(stderr, "%s: cannot fork: %s\n", argv[0], strerror(errno));
    return 2;
  }
  if (child == 0) {
    execvp(argv[1], argv + 1);
    fprintf(stderr, "%s: cannot run %s: %s\n", argv[0], argv[1], strerror(errno));
    _exit(127);
  }
  signal(SIGTERM, killChild);
  int status = 0;
  struct rusage usage;
  while (wait4(child, &status, 0, &usage) < 0) {
    if (errno != EINTR) {
      fprintf(stderr, "%s: cannot wait for %s: %s\n", argv[0], argv[1], strerror(errno));
      return 2;
    }
  }
  dprintf(3, "%ld %.9f\n", usage.ru_maxrss * 1024L, now() - start);
  if (WIFSIGNALED(status)) {
    signal(WTERMSIG(status), SIG_DFL);
    raise(WTERMSIG(status));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}
