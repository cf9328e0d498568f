/// Runs the lines of a README example written playground-style, where a bare expression shows
/// its value in a comment (`thumbsUp.name()  // "thumbs up"`).
///
/// As plain statements such lines would warn "result unused"; as the body of this result builder
/// each expression is handed to ``buildExpression(_:)`` instead, so the README's lines compile
/// verbatim, with `#expect` lines between them checking what the comments promise.
@resultBuilder
enum ReadmeExample {
    static func buildExpression<Value>(_ value: Value) {}
    static func buildBlock(_ lines: Void...) {}
    static func buildOptional(_ line: Void?) {}
    static func buildEither(first line: Void) {}
    static func buildEither(second line: Void) {}
    static func buildArray(_ lines: [Void]) {}
}

/// Runs `lines`, a README example (see ``ReadmeExample``).
func example(@ReadmeExample _ lines: () throws -> Void) rethrows {
    try lines()
}
