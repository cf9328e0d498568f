// libxml2's HTML parser (libxml2-dev on Debian; part of every Apple SDK): it builds a tree from
// broken HTML the way browsers do, which is what smilie pages need.
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
