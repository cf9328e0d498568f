import Foundation
import GRDB
import Moji

/// The checks of ``EmojiStore/Maintenance/invalidRows()`` for custom emoji sets (schema v2): the sets, what
/// v2 added to custom emoji rows, and the image validators.
extension EmojiStore {
    /// Checks the customSet rows; returns the case-folded names of the sets that stay.
    static func checkCustomSets(_ db: Database, repairing: Bool, report: Report) throws -> Set<String> {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT rowid, \(customSetColumns), typeof(refreshInterval) AS refreshIntervalType,
                    typeof(addedAt) AS addedAtType, typeof(syncedAt) AS syncedAtType,
                    typeof(attemptedAt) AS attemptedAtType, typeof(retryAfter) AS retryAfterType,
                    typeof(syncLockedUntil) AS syncLockedUntilType, CAST(syncLockedUntil AS REAL) AS syncLockedUntil
                FROM customSet
                """)
        var kept = Set<String>()
        let numeric: Set<String> = ["integer", "real"]
        for row in rows {
            let rowID: Int64 = row["rowid"]
            let name: String = row["name"] ?? ""
            let kindText: String = row["kind"] ?? ""
            let set = customSet(row)
            let dropReason: String? =
                if let problem = CustomSet.problem(inName: name) {
                    "the name \(problem)"
                } else if CustomSetSource.Kind(rawValue: kindText) == nil {
                    "the kind \(StoreText.quoted(kindText)) is not one of "
                        + CustomSetSource.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                } else {
                    set.source.problem
                }
            if let dropReason {
                // Its emoji go with it: checkCustomEmojiOfSets finds them without a set.
                report("customSet", name, dropReason, .drop)
                if repairing { try db.execute(sql: "DELETE FROM customSet WHERE rowid = ?", arguments: [rowID]) }
                continue
            }
            kept.insert(StoreExport.caseFolded(name))
            var fixes: [String: DatabaseValue] = [:]
            let interval: Double? = row["refreshInterval"]
            if !numeric.contains(row["refreshIntervalType"] as String)
                || !(interval.map { $0.isFinite && $0 >= 0 } ?? false)
            {
                report("customSet", name, "refreshInterval is not a number of seconds of 0 or more", .clamp)
                fixes["refreshInterval"] = CustomSet.defaultRefreshInterval.databaseValue
            }
            for column in ["addedAt", "syncedAt", "attemptedAt", "retryAfter", "syncLockedUntil"] {
                let type: String = row["\(column)Type"]
                if type == "null" { continue }
                let value: Double? = row[column]
                if numeric.contains(type), let value, CustomSet.isStorable(Date(timeIntervalSince1970: value)) {
                    continue
                }
                report("customSet", name, "\(column) is not a date", .clamp)
                // addedAt is required: the repair stamps it now.
                fixes[column] = column == "addedAt" ? Date().timeIntervalSince1970.databaseValue : .null
                if column == "syncLockedUntil" { fixes["syncOwner"] = .null }
            }
            if let lastError = set.lastError,
                let problem = StoreText.problem(in: lastError, maximumLength: CustomSet.maximumErrorLength)
            {
                report("customSet", name, "lastError \(problem)", .clamp)
                fixes["lastError"] =
                    StoreText.cleaned(lastError, maximumLength: CustomSet.maximumErrorLength)
                    .databaseValue
            }
            if set.validators.storable != set.validators {
                report("customSet", name, "the listing's validators are too long or hold control characters", .clamp)
                fixes["etag"] = set.validators.storable.etag.databaseValue
                fixes["lastModified"] = set.validators.storable.lastModified.databaseValue
            }
            if repairing, !fixes.isEmpty {
                let columns = fixes.keys.sorted()
                try db.execute(
                    sql: "UPDATE customSet SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE rowid = ?",
                    arguments: StatementArguments(columns.map { fixes[$0] ?? .null } + [rowID.databaseValue]))
            }
        }
        return kept
    }

    /// Checks what v2 added to customEmoji rows: the set each names must exist (`sets`, case-folded),
    /// visibility is 0 or 1, and a cached image is complete and well-formed.
    static func checkCustomEmojiOfSets(_ db: Database, sets: Set<String>, repairing: Bool, report: Report) throws {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT rowid, \(customEmojiColumns), typeof(visibleInPicker) AS visibleType,
                    (imageSHA256 IS NOT NULL) + (imageFormat IS NOT NULL) + (imageWidth IS NOT NULL)
                        + (imageHeight IS NOT NULL) + (imageFrames IS NOT NULL) + (imageBytes IS NOT NULL) AS imageColumns
                FROM customEmoji
                """)
        for row in rows {
            let rowID: Int64 = row["rowid"]
            let code: String = row["code"] ?? ""
            if let set = row["setName"] as String?, !sets.contains(StoreExport.caseFolded(set)) {
                report("customEmoji", code, "its set \(StoreText.quoted(set)) does not exist", .drop)
                if repairing { try db.execute(sql: "DELETE FROM customEmoji WHERE rowid = ?", arguments: [rowID]) }
                continue
            }
            let visible: Int? = row["visibleInPicker"]
            if row["visibleType"] != "integer" || !(visible == 0 || visible == 1) {
                report("customEmoji", code, "visibleInPicker is not 0 or 1", .clamp)
                if repairing {
                    try db.execute(
                        sql: "UPDATE customEmoji SET visibleInPicker = 1 WHERE rowid = ?", arguments: [rowID])
                }
            }
            let imageColumns: Int = row["imageColumns"]
            let problem: String? =
                if imageColumns == 0 {
                    nil
                } else if let image = cachedImage(row) {
                    EmojiStore.problem(with: image).map { "the cached image \($0)" }
                } else {
                    "the cached image is incomplete"
                }
            if let problem {
                // The image is fetched again by the next sync.
                report("customEmoji", code, problem, .clamp)
                if repairing {
                    try db.execute(
                        sql: """
                            UPDATE customEmoji SET imageSHA256 = NULL, imageFormat = NULL, imageWidth = NULL,
                                imageHeight = NULL, imageFrames = NULL, imageBytes = NULL
                            WHERE rowid = ?
                            """, arguments: [rowID])
                }
            }
        }
    }

    /// Checks the imageValidator rows; one that is not usable is dropped (the image is then
    /// fetched without validators, once).
    static func checkImageValidators(_ db: Database, repairing: Bool, report: Report) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT rowid, \(imageValidatorColumns) FROM imageValidator")
        for row in rows {
            let url: String = row["url"] ?? ""
            guard let validator = imageValidator(row), validator.validators.storable == validator.validators else {
                report("imageValidator", url, "the URL, the validators or the image are not valid", .drop)
                if repairing {
                    try db.execute(
                        sql: "DELETE FROM imageValidator WHERE rowid = ?", arguments: [row["rowid"] as Int64])
                }
                continue
            }
        }
    }
}
