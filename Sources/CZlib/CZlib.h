// The system zlib, which Moji uses to store its locale files compressed.
#include <zlib.h>
