// The system zlib, which Moji uses to store its locale files compressed. The module is not named
// CZlib: ZIPFoundation (emoji packs) declares a Clang module of that name, and two modules of one
// name cannot be in one build.
#include <zlib.h>
