#ifndef CHROMAKE_CESPEAKNG_SHIM_H
#define CHROMAKE_CESPEAKNG_SHIM_H

// espeak-ng's library API (Debian's libespeak-ng-dev), found on the include path pkg-config
// gives for espeak-ng. speak_lib.h is the stable interface: initialisation, voices,
// parameters, and synthesis into a callback that receives samples and word events.
#include <espeak-ng/speak_lib.h>

#endif
