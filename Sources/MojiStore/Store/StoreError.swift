import Foundation
import GRDB
import Moji

/// What went wrong in the store, and what to do about it.
///
/// Like GRDB's `DatabaseError` and PostgresNIO's `PSQLError`, an error is a value with an
/// extensible ``Code`` rather than an exhaustive enum, so a new kind of failure is a new code, not
/// a change that breaks every `switch` of a client. Match on the code; read the message from
/// ``description``, which says what to do:
///
/// ```swift
/// do {
///     try store.favorites.renameCollection("Work", to: "Play")
/// } catch {
///     switch error.code {
///     case .collectionNotFound: print(error)  // no collection named "Work". `moji collections` lists them.
///     case .busy: retryLater()
///     default: throw error
///     }
/// }
/// ```
///
/// Where errors are untyped, `catch let error as StoreError where error.code == .busy` does the
/// same.
///
/// An error about an SQLite file names it in ``path``; one about a database server (PostgreSQL)
/// names the database, never its password, in ``database``.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release, so a `switch` over codes
    /// needs a `default`.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// The file exists but is not a Moji database (garbage, truncated or overwritten).
        public static let notADatabase = Code(rawValue: "notADatabase")
        /// The database was written by a newer Moji, whose schema this version cannot read.
        public static let newerSchema = Code(rawValue: "newerSchema")
        /// The directory for the database could not be created.
        public static let cannotCreateDirectory = Code(rawValue: "cannotCreateDirectory")
        /// Another process held the database locked for longer than the busy timeout.
        public static let busy = Code(rawValue: "busy")
        /// `moji store repair` left the database as it was: it is not damaged in a way repair fixes
        /// (newer schema, read-only, unreadable for want of space), or the repaired file could not be
        /// built or put in place. The reason says what to do.
        public static let cannotRepair = Code(rawValue: "cannotRepair")
        /// Any other database failure.
        public static let database = Code(rawValue: "database")
        /// A file to import or export could not be read, written or decoded.
        public static let invalidExport = Code(rawValue: "invalidExport")
        /// The emoji takes no such tones: wrong count for its people, or no RGI sequence.
        public static let unsupportedSkinTones = Code(rawValue: "unsupportedSkinTones")
        /// No collection has this name.
        public static let collectionNotFound = Code(rawValue: "collectionNotFound")
        /// A collection with this name exists already.
        public static let collectionExists = Code(rawValue: "collectionExists")
        /// The item is not in the list it was to be moved or removed in.
        public static let itemNotFound = Code(rawValue: "itemNotFound")
        // swift-format-ignore: DontRepeatTypeInStaticProperties
        // (a custom emoji's code, not this type; also below)
        /// A custom emoji with this code exists already.
        public static let duplicateCustomCode = Code(rawValue: "duplicateCustomCode")
        // swift-format-ignore: DontRepeatTypeInStaticProperties
        /// A custom emoji code is empty or holds spaces or colons.
        public static let invalidCustomCode = Code(rawValue: "invalidCustomCode")
        /// A collection name is empty, too long or holds a control character (see ``StoreText``).
        public static let invalidCollectionName = Code(rawValue: "invalidCollectionName")
        /// A custom emoji's name, keyword, group, image or source breaks the rules of ``StoreText``.
        public static let invalidCustomEmoji = Code(rawValue: "invalidCustomEmoji")
        /// An entry of an import is out of range or malformed; nothing was imported.
        public static let invalidImportEntry = Code(rawValue: "invalidImportEntry")
        /// The database or its directory cannot be written: reads work, changes cannot be saved.
        public static let readOnly = Code(rawValue: "readOnly")
        /// The file is another program's SQLite database: it has tables of its own and no Moji mark
        /// (`PRAGMA application_id` 0x4D6F6A69, "Moji"). Moji leaves it alone.
        public static let foreignDatabase = Code(rawValue: "foreignDatabase")
        /// A custom emoji set with this name exists already (names ignore case).
        public static let duplicateCustomSet = Code(rawValue: "duplicateCustomSet")
        /// A custom emoji set's name, source or sync fields break the rules of ``CustomSet``.
        public static let invalidCustomSet = Code(rawValue: "invalidCustomSet")
        /// No custom emoji set has this name (it was never added, or was removed meanwhile).
        public static let unknownCustomSet = Code(rawValue: "unknownCustomSet")
        /// A user name for an API token breaks the rule of ``APIToken/isValidUser(_:)``.
        public static let invalidUserName = Code(rawValue: "invalidUserName")
        /// No API token has this id (it was never created, or was revoked meanwhile).
        public static let unknownAPIToken = Code(rawValue: "unknownAPIToken")
        /// The database cannot be reached now (a server down, a store closed or unopenable): try again later.
        public static let unavailable = Code(rawValue: "unavailable")
        /// This database does not do this yet (a ``UserDataStore`` implementation in progress);
        /// nothing was changed.
        public static let unsupported = Code(rawValue: "unsupported")
        /// A database URL could not be read, e.g. `postgres://moji@db.example:5432/moji`.
        public static let invalidDatabaseURL = Code(rawValue: "invalidDatabaseURL")
        /// A query recorded with a use is too long or holds a control character; nothing was recorded.
        public static let invalidQuery = Code(rawValue: "invalidQuery")
    }

    /// The kind of failure.
    public var code: Code
    /// The message, which says what went wrong and what to do about it.
    public var description: String
    /// The SQLite file (or the export file) the error is about, if any.
    public var path: String?
    /// The database server's database the error is about (a PostgreSQL database's name), if any.
    public var database: String?
    /// What the error is about, as the user gave it: a collection, set or user name, a custom
    /// emoji code, a token id, an import entry (`usage[3] (👍)`), an emoji, a query, a URL or an
    /// operation.
    public var subject: String?
    /// The list an item was not found in (``Code/itemNotFound``).
    public var list: String?
    /// Why, when the cause has more to say than the code: SQLite's or the server's own words, the
    /// rule a name breaks.
    public var reason: String?

    /// An error of `code` with `description` as its message; the other fields say what it concerns.
    public init(
        code: Code, description: String, path: String? = nil, database: String? = nil, subject: String? = nil,
        list: String? = nil, reason: String? = nil
    ) {
        self.code = code
        self.description = description
        self.path = path
        self.database = database
        self.subject = subject
        self.list = list
        self.reason = reason
    }
}

// One factory per code, named as the code, so that `throw .busy(path: path)` reads as before.
extension StoreError {
    /// A ``Code/notADatabase`` error, with its message.
    public static func notADatabase(path: String, reason: String) -> StoreError {
        StoreError(
            code: .notADatabase,
            description:
                "\(path) is not a readable Moji database (\(reason)). Run `moji store check` for details and `moji store repair` to move it aside and start a fresh one; nothing is deleted.",
            path: path, reason: reason)
    }

    /// A ``Code/newerSchema`` error, with its message.
    public static func newerSchema(path: String) -> StoreError {
        StoreError(
            code: .newerSchema,
            description:
                "\(path) was written by a newer version of Moji. Upgrade Moji, or point MOJI_HOME elsewhere.",
            path: path)
    }

    /// A database on a server was written by a newer Moji.
    public static func newerSchema(database: String) -> StoreError {
        StoreError(
            code: .newerSchema,
            description: "\(database) was written by a newer version of Moji. Upgrade Moji on every instance.",
            database: database)
    }

    /// A ``Code/cannotCreateDirectory`` error, with its message.
    public static func cannotCreateDirectory(path: String, reason: String) -> StoreError {
        StoreError(
            code: .cannotCreateDirectory,
            description:
                "cannot create the directory \(path) for the Moji database (\(reason)). Set MOJI_HOME to a writable directory.",
            path: path, reason: reason)
    }

    /// A ``Code/busy`` error, with its message.
    public static func busy(path: String) -> StoreError {
        StoreError(
            code: .busy,
            description: "\(path) stayed locked by another process longer than the wait allowed. "
                + "Try again, or wait longer: "
                + "`--wait SECONDS` or MOJI_BUSY_TIMEOUT=SECONDS for the moji command, "
                + "StoreConfiguration.busyTimeout in code.",
            path: path)
    }

    /// A ``Code/cannotRepair`` error, with its message.
    public static func cannotRepair(path: String, reason: String) -> StoreError {
        StoreError(
            code: .cannotRepair, description: "\(path) was not repaired and is unchanged: \(reason)", path: path,
            reason: reason)
    }

    /// Any other SQLite failure in the file at `path`.
    public static func database(path: String, reason: String) -> StoreError {
        StoreError(code: .database, description: "database error in \(path): \(reason)", path: path, reason: reason)
    }

    /// Any other failure of the database server's `database`.
    public static func database(database: String, reason: String) -> StoreError {
        StoreError(
            code: .database, description: "database error in \(database): \(reason)", database: database,
            reason: reason)
    }

    /// A ``Code/invalidExport`` error, with its message.
    public static func invalidExport(path: String, reason: String) -> StoreError {
        StoreError(
            code: .invalidExport, description: "cannot use \(path) as a Moji export: \(reason)", path: path,
            reason: reason)
    }

    /// A ``Code/unsupportedSkinTones`` error, with its message.
    public static func unsupportedSkinTones(emoji: String, tones: [SkinTone], personCount: Int) -> StoreError {
        StoreError(
            code: .unsupportedSkinTones,
            description: "\(emoji) has no form with tones \(tones.map(\.identifier).joined(separator: ", ")); "
                + (personCount == 0 ? "it takes no skin tone." : "give one tone, or one per person (\(personCount))."),
            subject: emoji)
    }

    /// A ``Code/collectionNotFound`` error, with its message.
    public static func collectionNotFound(_ name: String) -> StoreError {
        StoreError(
            code: .collectionNotFound,
            description: "no collection named \(StoreText.quoted(name)). `moji collections` lists them.", subject: name)
    }

    /// A ``Code/collectionExists`` error, with its message.
    public static func collectionExists(_ name: String) -> StoreError {
        StoreError(
            code: .collectionExists,
            description:
                "a collection named \(StoreText.quoted(name)) exists already; pick another name or add to it.",
            subject: name)
    }

    /// A ``Code/itemNotFound`` error, with its message.
    public static func itemNotFound(_ item: StoreItem, list: String) -> StoreError {
        StoreError(code: .itemNotFound, description: "\(item) is not in \(list).", subject: item.key, list: list)
    }

    /// A ``Code/duplicateCustomCode`` error, with its message.
    public static func duplicateCustomCode(_ code: String) -> StoreError {
        StoreError(
            code: .duplicateCustomCode,
            description: "a custom emoji with code :\(code): exists already; codes are unique (case-insensitive).",
            subject: code)
    }

    /// A ``Code/invalidCustomCode`` error, with its message.
    public static func invalidCustomCode(_ code: String) -> StoreError {
        StoreError(
            code: .invalidCustomCode,
            description:
                "\(StoreText.quoted(code)) is not a valid custom emoji code: use letters, digits, '_', '-' or '+', "
                + "without spaces or colons.",
            subject: code)
    }

    /// A ``Code/invalidCollectionName`` error, with its message.
    public static func invalidCollectionName(_ name: String, reason: String) -> StoreError {
        StoreError(
            code: .invalidCollectionName,
            description:
                "the collection name \(StoreText.quoted(name)) \(reason); give a name of 1 to \(StoreText.maximumLength) "
                + "characters without control characters.",
            subject: name, reason: reason)
    }

    /// A ``Code/invalidCustomEmoji`` error, with its message.
    public static func invalidCustomEmoji(code: String, reason: String) -> StoreError {
        StoreError(
            code: .invalidCustomEmoji,
            description: "the custom emoji \(StoreText.quoted(":" + code + ":")) cannot be stored: its \(reason).",
            subject: code, reason: reason)
    }

    /// `entry` names the entry by list and index with its item, e.g. `usage[3] (👍)`.
    public static func invalidImportEntry(entry: String, reason: String) -> StoreError {
        StoreError(
            code: .invalidImportEntry,
            description:
                "cannot import \(entry): \(reason). Nothing was imported; fix or remove that entry and import again.",
            subject: entry, reason: reason)
    }

    /// A ``Code/readOnly`` error, with its message.
    public static func readOnly(path: String) -> StoreError {
        StoreError(
            code: .readOnly,
            description: "\(path) is read-only (the file or its directory cannot be written): "
                + "Moji can read it but not save changes. Make both writable (chmod u+w), "
                + "or set MOJI_HOME to a writable directory and "
                + "copy your data with `moji store export` and `moji store import`.",
            path: path)
    }

    /// A ``Code/foreignDatabase`` error, with its message.
    public static func foreignDatabase(path: String, tables: [String]) -> StoreError {
        StoreError(
            code: .foreignDatabase,
            description: "\(path) is another program's SQLite database (tables: "
                + tables.prefix(5).map { StoreText.quoted($0) }.joined(separator: ", ")
                + (tables.count > 5 ? ", …" : "")
                + "), not a Moji store; Moji leaves it alone. "
                + "Point MOJI_HOME (or --database) at a directory of its own.",
            path: path)
    }

    /// A ``Code/duplicateCustomSet`` error, with its message.
    public static func duplicateCustomSet(_ name: String) -> StoreError {
        StoreError(
            code: .duplicateCustomSet,
            description: "a custom emoji set named \(StoreText.quoted(name)) exists already (names ignore case); "
                + "pick another name, or sync that one with `moji custom sync \(name)`.",
            subject: name)
    }

    /// A ``Code/invalidCustomSet`` error, with its message.
    public static func invalidCustomSet(name: String, reason: String) -> StoreError {
        StoreError(
            code: .invalidCustomSet,
            description:
                "the custom emoji set \(StoreText.quoted(name)) cannot be stored: \(reason). Give a name of 1 to "
                + "\(CustomSet.maximumNameLength) characters without spaces, colons or control characters, "
                + "and an http(s) URL or an absolute path as its source.",
            subject: name, reason: reason)
    }

    /// A ``Code/unknownCustomSet`` error, with its message.
    public static func unknownCustomSet(_ name: String) -> StoreError {
        StoreError(
            code: .unknownCustomSet,
            description: "no custom emoji set named \(StoreText.quoted(name)). `moji custom sets` lists them; "
                + "`moji custom add` adds one.",
            subject: name)
    }

    /// A ``Code/invalidUserName`` error, with its message.
    public static func invalidUserName(_ name: String) -> StoreError {
        StoreError(
            code: .invalidUserName,
            description:
                "\(StoreText.quoted(name)) is not a valid user name: use 1 to 64 lowercase letters, digits, '.', '_' "
                + "or '-', starting with a letter or a digit.",
            subject: name)
    }

    /// A ``Code/unknownAPIToken`` error, with its message.
    public static func unknownAPIToken(_ id: String) -> StoreError {
        StoreError(
            code: .unknownAPIToken,
            description: "no API token with id \(StoreText.quoted(id)). `moji serve token list` lists them.",
            subject: id)
    }

    /// A ``Code/unavailable`` error, with its message.
    public static func unavailable(database: String, reason: String) -> StoreError {
        StoreError(
            code: .unavailable, description: "\(database) is unavailable: \(reason). Try again when it is back.",
            database: database, reason: reason)
    }

    /// A ``Code/unsupported`` error, with its message.
    public static func unsupported(operation: String, database: String) -> StoreError {
        StoreError(
            code: .unsupported,
            description:
                "\(operation) is not supported on \(database) yet; nothing was changed. Use the SQLite store for it.",
            database: database, subject: operation)
    }

    /// A ``Code/invalidDatabaseURL`` error, with its message.
    public static func invalidDatabaseURL(_ url: String, reason: String) -> StoreError {
        StoreError(
            code: .invalidDatabaseURL,
            description:
                "\(StoreText.quoted(url)) is not a database URL: \(reason). Write postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE.",
            subject: url, reason: reason)
    }

    /// A ``Code/invalidQuery`` error, with its message.
    public static func invalidQuery(_ query: String, reason: String) -> StoreError {
        StoreError(
            code: .invalidQuery,
            description: "the query \(StoreText.quoted(query)) \(reason); give the text that was typed, up to "
                + "\(LearnedPicks.maximumQueryLength) characters without control characters. Nothing was recorded.",
            subject: query, reason: reason)
    }
}

extension StoreError {
    /// Maps a GRDB or system error met while working on the database at `path`.
    static func wrapping(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT:
                return .notADatabase(path: path, reason: error.message ?? "\(error.resultCode)")
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return .busy(path: path)
            case .SQLITE_READONLY:
                return .readOnly(path: path)
            default:
                return .database(path: path, reason: error.message ?? "\(error)")
            }
        }
        return .database(path: path, reason: "\(error)")
    }
}
