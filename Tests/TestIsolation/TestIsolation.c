// Tests are hermetic: nothing a test run writes may land in the user's ~/.cache/chromake, and
// nothing left there by an earlier run (a cached file hash, a GL renderer's identity) may
// change what a test sees. Before any test runs, this points XDG_CACHE_HOME at a fresh folder
// under the temporary directory, for this process and every chromake, make or ninja it
// starts, and removes the folder at exit. It runs as a constructor because Swift Testing has
// no hook that runs before every suite, and chromake's caches are read on first use.
//
// Mesa's shader cache is not chromake's: it is left where it was (MESA_SHADER_CACHE_DIR), so
// a test run does not compile every shader again from nothing.
#define _GNU_SOURCE
#include "TestIsolation.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char folder[4096];

const char *chromake_test_cache_folder(void) { return folder; }

static int remove_entry(const char *path, const struct stat *info, int flag, struct FTW *walk) {
    (void)info;
    (void)flag;
    (void)walk;
    return remove(path);
}

static void remove_folder(void) {
    if (folder[0] != '\0') nftw(folder, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

__attribute__((constructor)) static void isolate_caches(void) {
    // Mesa appends its own folder (mesa_shader_cache) to MESA_SHADER_CACHE_DIR, as it does to
    // XDG_CACHE_HOME: the variable names the folder the cache lived in.
    if (getenv("MESA_SHADER_CACHE_DIR") == NULL) {
        char mesa[4096];
        const char *cache = getenv("XDG_CACHE_HOME");
        const char *home = getenv("HOME");
        if (cache != NULL && cache[0] == '/') {
            setenv("MESA_SHADER_CACHE_DIR", cache, 1);
        } else if (home != NULL && home[0] != '\0') {
            snprintf(mesa, sizeof mesa, "%s/.cache", home);
            setenv("MESA_SHADER_CACHE_DIR", mesa, 1);
        }
    }
    const char *temporary = getenv("TMPDIR");
    if (temporary == NULL || temporary[0] != '/') temporary = "/tmp";
    snprintf(folder, sizeof folder, "%s/chromake-test-cache-XXXXXX", temporary);
    if (mkdtemp(folder) == NULL) {
        // Going on would let the tests write to the user's own cache.
        fprintf(stderr, "TestIsolation: cannot make %s for the tests' caches\n", folder);
        abort();
    }
    setenv("XDG_CACHE_HOME", folder, 1);
    atexit(remove_folder);
}
