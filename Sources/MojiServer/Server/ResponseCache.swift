import Foundation

/// Encoded answers kept by key, so a question asked again (a picker's "t", "th", "thu" come from
/// every user who types "thumbs") is answered without searching and encoding again.
typealias ResponseCache = BoundedCache<String, EncodedAnswer>

/// One encoded answer and its ETag.
struct EncodedAnswer: Sendable {
    var body: Data
    var etag: String
}

extension BoundedCache where Key == String, Value == EncodedAnswer {
    /// A cache of `capacity` answers and `byteBudget` bytes (bodies, ETags and keys) per generation.
    convenience init(capacity: Int, byteBudget: Int = 16 * 1024 * 1024) {
        self.init(capacity: capacity, costBudget: byteBudget) { key, answer in
            answer.body.count + answer.etag.utf8.count + key.utf8.count
        }
    }
}
