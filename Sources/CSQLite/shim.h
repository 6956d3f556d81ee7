#include <sqlite3.h>

/// `sqlite3_db_config` for the options that take an int and an int pointer
/// (`SQLITE_DBCONFIG_DEFENSIVE`, …): Swift cannot call a C variadic function.
static inline int bowq_sqlite3_db_config_flag(sqlite3 *db, int option, int value) {
  return sqlite3_db_config(db, option, value, (int *)0);
}
