// libxml2's HTML parser (libxml2-dev on Debian; part of every Apple SDK): it builds a tree from
// broken HTML the way browsers do, which is what smilie pages need.
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and its encoding header then includes the system ICU's
// headers, whose UErrorCode clashes with the copy inside Foundation in any module that sees both.
// Moji never calls libxml2's ICU converters nor touches xmlCharEncodingHandler's fields (whose
// layout the define changes), so it does not need those declarations.
#ifdef LIBXML_ICU_ENABLED
#undef LIBXML_ICU_ENABLED
#endif
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
