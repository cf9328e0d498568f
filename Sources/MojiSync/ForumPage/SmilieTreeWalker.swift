import CLibXML2

/// One `<li class="smilie">` as the page has it, before any rule is applied.
struct SmilieItem: Equatable {
    /// The text of its `<div class="text">`: `:smith:`, or an emoticon such as `:)`.
    var text: String?
    /// Its `<img>`'s `src`, as written.
    var imageSource: String?
    /// Its `<img>`'s `title`.
    var title: String?
    /// The title of the section it is listed under.
    var section: String?
    /// Where it is on the page (1 for the first item), to name an item that has no code.
    var position: Int
}

/// Finds the smilie items in a parsed page.
///
/// The walk follows the tree's `children`, `next` and `parent` pointers instead of recursing,
/// so a page of 100,000 nested elements costs time, never the stack. Texts are gathered with a
/// budget of nodes and characters, so nested headings cannot make the walk quadratic.
///
/// Each `<ul class="smilie_group">` takes the latest `<h3>` before it that no earlier list took:
/// on a well-formed page that pairs them by position, and a stray heading in the page's header
/// shifts nothing.
struct SmilieTreeWalker {
    /// The most nodes one text or item gathering visits.
    var nodeBudget = 10_000
    /// The most UTF-8 bytes kept from one text or attribute: one more than an image address may
    /// have (`StoreText.maximumReferenceLength`), so a longer one is refused, never cut.
    var textBudget = 4_097

    /// libxml2 2.9 sets up its globals on first use without a lock; Swift runs a static
    /// initializer exactly once, so pages parsed on several threads at once never race there.
    private static let initializeLibXML2: Void = xmlInitParser()

    /// The smilie items of an HTML page, or nil when libxml2 finds no document in it.
    ///
    /// This file imports libxml2 without Foundation: libxml2's headers bring in the system's ICU,
    /// which clashes with Foundation's own copy of ICU in a file that imports both.
    func items(inHTML html: UnsafeRawBufferPointer, encoding: String) -> [SmilieItem]? {
        guard let base = html.baseAddress, html.count > 0, html.count <= Int(Int32.max) else { return nil }
        Self.initializeLibXML2
        // Never the network; errors are not printed: a broken page is read as browsers read it.
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue)
        guard
            let document = htmlReadMemory(
                base.assumingMemoryBound(to: CChar.self), Int32(html.count), nil, encoding, options)
        else { return nil }
        defer { xmlFreeDoc(document) }
        return items(in: document)
    }

    private func items(in document: htmlDocPtr) -> [SmilieItem] {
        var items: [SmilieItem] = []
        var untakenTitles: [String] = []
        var openGroups: [(list: xmlNodePtr, title: String?)] = []
        var node = document.pointee.children
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                switch elementName(of: current) {
                case "h3":
                    untakenTitles.append(text(of: current))
                case "ul" where hasClass("smilie_group", current):
                    openGroups.append((current, untakenTitles.last))
                    untakenTitles.removeAll()
                case "li" where hasClass("smilie", current):
                    if let group = openGroups.last {
                        var item = item(in: current)
                        item.section = group.title
                        item.position = items.count + 1
                        items.append(item)
                    }
                default:
                    break
                }
                if let child = current.pointee.children {
                    node = child
                    continue
                }
            }
            // Leave this node and every ancestor that has no next sibling, closing the groups left.
            node = nil
            var leaving: xmlNodePtr? = current
            while let left = leaving, !isDocument(left) {
                if openGroups.last?.list == left { openGroups.removeLast() }
                if let next = left.pointee.next {
                    node = next
                    break
                }
                leaving = left.pointee.parent
            }
        }
        return items
    }

    /// The code text and image of one `<li class="smilie">`: its first `<div class="text">` and
    /// its first `<img>`, not looking into smilie items or lists nested in it by broken HTML.
    private func item(in listItem: xmlNodePtr) -> SmilieItem {
        var item = SmilieItem(position: 0)
        var foundImage = false
        walk(below: listItem) { node in
            guard node.pointee.type == XML_ELEMENT_NODE else { return .descend }
            switch elementName(of: node) {
            case "li" where hasClass("smilie", node), "ul" where hasClass("smilie_group", node):
                return .skipChildren
            case "div" where item.text == nil && hasClass("text", node):
                // No skipping its children: with </div> missing, the image is inside.
                item.text = text(of: node)
            case "img" where !foundImage:
                foundImage = true
                item.imageSource = attribute("src", of: node)
                item.title = attribute("title", of: node)
            default:
                break
            }
            return item.text != nil && foundImage ? .stop : .descend
        }
        return item
    }

    /// Elements whose text is not part of a code or a title around them: with a closing tag
    /// missing, libxml2 nests the next heading or list inside the code's `<div>`.
    private static let blocks: Set<String> = [
        "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "div", "p", "table", "form", "section",
    ]

    /// The text inside `element` but not inside blocks nested in it, before white space is
    /// folded; cut at the text budget.
    private func text(of element: xmlNodePtr) -> String {
        var bytes: [UInt8] = []
        walk(below: element) { node in
            if node.pointee.type == XML_ELEMENT_NODE, Self.blocks.contains(elementName(of: node)) {
                return .skipChildren
            }
            if node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE,
                let content = node.pointee.content
            {
                var byte = content
                while byte.pointee != 0, bytes.count < textBudget {
                    bytes.append(byte.pointee)
                    byte += 1
                }
            }
            return bytes.count < textBudget ? .descend : .stop
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private enum Step {
        case descend, skipChildren, stop
    }

    /// Visits the nodes below `top` in document order, without recursion, within the node budget.
    private func walk(below top: xmlNodePtr, _ visit: (xmlNodePtr) -> Step) {
        guard top.pointee.type == XML_ELEMENT_NODE else { return }
        var node = top.pointee.children
        var visited = 0
        while let current = node, visited < nodeBudget {
            visited += 1
            let step = visit(current)
            if step == .stop { return }
            if step == .descend, current.pointee.type == XML_ELEMENT_NODE, let child = current.pointee.children {
                node = child
                continue
            }
            node = nil
            var leaving: xmlNodePtr? = current
            while let left = leaving, left != top {
                if let next = left.pointee.next {
                    node = next
                    break
                }
                leaving = left.pointee.parent
            }
        }
    }

    /// The value of an attribute (names are lowercase in libxml2's HTML tree); "" when it is
    /// written without a value, nil when it is absent.
    private func attribute(_ name: String, of element: xmlNodePtr) -> String? {
        var property = element.pointee.properties
        while let current = property {
            if let propertyName = current.pointee.name, String(cString: propertyName) == name {
                var bytes: [UInt8] = []
                var child = current.pointee.children
                while let text = child {
                    if let content = text.pointee.content {
                        var byte = content
                        while byte.pointee != 0, bytes.count < textBudget {
                            bytes.append(byte.pointee)
                            byte += 1
                        }
                    }
                    child = text.pointee.next
                }
                return String(decoding: bytes, as: UTF8.self)
            }
            property = current.pointee.next
        }
        return nil
    }

    /// Whether the element's `class` attribute lists `name` among its classes.
    private func hasClass(_ name: String, _ element: xmlNodePtr) -> Bool {
        guard let classes = attribute("class", of: element) else { return false }
        return classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
            .contains { $0 == name }
    }

    private func elementName(of element: xmlNodePtr) -> String {
        guard let name = element.pointee.name else { return "" }
        return String(cString: name)
    }

    private func isDocument(_ node: xmlNodePtr) -> Bool {
        node.pointee.type == XML_HTML_DOCUMENT_NODE || node.pointee.type == XML_DOCUMENT_NODE
    }
}
