/*
 * libedit's native API (histedit.h) for Swift.
 *
 * el_set, el_get and history are C variadics, which Swift cannot call; each call bowq
 * makes is wrapped here in a static inline, non-variadic function. Non-variadic calls
 * (el_init, el_gets, el_line, el_insertstr, el_source, el_end, history_init, history_end)
 * are used directly.
 *
 * Always libedit, never GNU readline: the header is <histedit.h> and the library -ledit.
 */
#ifndef BOWQ_CEDITLINE_SHIM_H
#define BOWQ_CEDITLINE_SHIM_H

#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <histedit.h>

/* The prompt callback: returns the prompt to show, owned by the caller of el_set. */
typedef char *(*bowq_prompt_function)(EditLine *);

/* el_set(el, EL_PROMPT_ESC, prompt, marker): text between two markers prints but takes
   no room, which keeps the cursor right when the prompt has colour escapes. */
static inline int bowq_el_set_prompt_esc(EditLine *el, bowq_prompt_function prompt,
                                         char marker) {
  return el_set(el, EL_PROMPT_ESC, prompt, marker);
}

/* el_set(el, EL_EDITOR, mode): "emacs" or "vi". Without it no editing key works. */
static inline int bowq_el_set_editor(EditLine *el, const char *mode) {
  return el_set(el, EL_EDITOR, mode);
}

/* el_set(el, EL_SIGNAL, on): libedit restores the terminal around signals. */
static inline int bowq_el_set_signal(EditLine *el, int on) {
  return el_set(el, EL_SIGNAL, on);
}

/* el_set(el, EL_HIST, history, h): Up and Down walk the history h. */
static inline int bowq_el_set_history(EditLine *el, History *h) {
  return el_set(el, EL_HIST, history, h);
}

/* An editor function bound to a key: returns what libedit should do next (CC_REFRESH, …). */
typedef unsigned char (*bowq_edit_function)(EditLine *, int);

/* el_set(el, EL_ADDFN, name, help, function): names a function keys can be bound to. */
static inline int bowq_el_add_function(EditLine *el, const char *name, const char *help,
                                       bowq_edit_function function) {
  return el_set(el, EL_ADDFN, name, help, function);
}

/* el_set(el, EL_BIND, key, name, NULL): binds a key ("^I") to a named function. */
static inline int bowq_el_bind(EditLine *el, const char *key, const char *name) {
  return el_set(el, EL_BIND, key, name, (const char *)NULL);
}

/* el_set(el, EL_CLIENTDATA, data): a pointer callbacks can fetch back. */
static inline int bowq_el_set_client_data(EditLine *el, void *data) {
  return el_set(el, EL_CLIENTDATA, data);
}

/* el_get(el, EL_CLIENTDATA, &data); NULL when unset. */
static inline void *bowq_el_get_client_data(EditLine *el) {
  void *data = NULL;
  if (el_get(el, EL_CLIENTDATA, &data) != 0) {
    return NULL;
  }
  return data;
}

/* history(h, ev, H_SETSIZE, size): keep at most size entries. */
static inline int bowq_history_set_size(History *h, HistEvent *ev, int size) {
  return history(h, ev, H_SETSIZE, size);
}

/* history(h, ev, H_SETUNIQUE, on): drop an entry equal to the one before it. */
static inline int bowq_history_set_unique(History *h, HistEvent *ev, int on) {
  return history(h, ev, H_SETUNIQUE, on);
}

/* history(h, ev, H_ENTER, line): add an entry. */
static inline int bowq_history_enter(History *h, HistEvent *ev, const char *line) {
  return history(h, ev, H_ENTER, line);
}

/* history(h, ev, H_LOAD, path): the number of entries read, or -1. */
static inline int bowq_history_load(History *h, HistEvent *ev, const char *path) {
  return history(h, ev, H_LOAD, path);
}

/* history(h, ev, H_SAVE, path): rewrites the file (mode 0600); the number written, or -1. */
static inline int bowq_history_save(History *h, HistEvent *ev, const char *path) {
  return history(h, ev, H_SAVE, path);
}

#endif
