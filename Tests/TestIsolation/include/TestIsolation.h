// TestIsolation: gives the test process (and every program it starts) caches of its own.
#ifndef CHROMAKE_TEST_ISOLATION_H
#define CHROMAKE_TEST_ISOLATION_H

/// The folder this test process uses as XDG_CACHE_HOME, made when the process starts and
/// removed when it exits; empty if it could not be made.
const char *chromake_test_cache_folder(void);

#endif
