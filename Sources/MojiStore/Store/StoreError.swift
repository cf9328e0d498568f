import Foundation
import GRDB
import Moji

/// What went wrong in the store, and what to do about it.
///
/// Every case that concerns the database file names it, so a message is enough to act on.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but is not a Moji database (garbage, truncated or overwritten).
    case notADatabase(path: String, reason: String)
    /// The file is a database written by a newer Moji, whose schema this version cannot read.
    case newerSchema(path: String)
    /// The directory for the database could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// Another process held the database locked for longer than the busy timeout.
    case busy(path: String)
    /// `moji store repair` left the database as it was: it is not damaged in a way repair fixes
    /// (newer schema, read-only, unreadable for want of space), or the repaired file could not be
    /// built or put in place. The reason says what to do.
    case cannotRepair(path: String, reason: String)
    /// Any other SQLite failure.
    case database(path: String, reason: String)
    /// A file to import or export could not be read, written or decoded.
    case invalidExport(path: String, reason: String)
    /// The emoji takes no such tones: wrong count for its people, or no RGI sequence.
    case unsupportedSkinTones(emoji: String, tones: [SkinTone], personCount: Int)
    /// No collection has this name.
    case collectionNotFound(String)
    /// A collection with this name exists already.
    case collectionExists(String)
    /// The item is not in the list it was to be moved or removed in.
    case itemNotFound(StoreItem, list: String)
    /// A custom emoji with this code exists already.
    case duplicateCustomCode(String)
    /// A custom emoji code is empty or holds spaces or colons.
    case invalidCustomCode(String)
    /// A collection name is empty, too long or holds a control character (see ``StoreText``).
    case invalidCollectionName(String, reason: String)
    /// A custom emoji's name, keyword, group, image or source breaks the rules of ``StoreText``.
    case invalidCustomEmoji(code: String, reason: String)
    /// An entry of an import is out of range or malformed; nothing was imported. `entry` names
    /// it by list and index with its item, e.g. `usage[3] (👍)`.
    case invalidImportEntry(entry: String, reason: String)
    /// The database or its directory cannot be written: reads work, changes cannot be saved.
    case readOnly(path: String)
    /// The file is another program's SQLite database: it has tables of its own and no Moji mark
    /// (`PRAGMA application_id` 0x4D6F6A69, "Moji"). Moji leaves it alone.
    case foreignDatabase(path: String, tables: [String])
    /// A custom emoji set with this name exists already (names ignore case).
    case duplicateCustomSet(String)
    /// A custom emoji set's name, source or sync fields break the rules of ``CustomSet``.
    case invalidCustomSet(name: String, reason: String)
    /// No custom emoji set has this name (it was never added, or was removed meanwhile).
    case unknownCustomSet(String)
    /// A user name for an API token breaks the rule of ``APIToken/isValidUser(_:)``.
    case invalidUserName(String)
    /// No API token has this id (it was never created, or was revoked meanwhile).
    case unknownAPIToken(String)
    /// The database cannot be reached now (a server down, a store closed or unopenable): try again later.
    case unavailable(database: String, reason: String)
    /// This database does not do this yet (a ``UserDataStore`` implementation in progress); nothing was changed.
    case unsupported(operation: String, database: String)
    /// A database URL could not be read, e.g. `postgres://moji@db.example:5432/moji`.
    case invalidDatabaseURL(String, reason: String)
    /// A query recorded with a use is too long or holds a control character; nothing was recorded.
    case invalidQuery(String, reason: String)

    public var description: String {
        switch self {
        case .notADatabase(let path, let reason):
            "\(path) is not a readable Moji database (\(reason)). Run `moji store check` for details and `moji store repair` to move it aside and start a fresh one; nothing is deleted."
        case .newerSchema(let path):
            "\(path) was written by a newer version of Moji. Upgrade Moji, or point MOJI_HOME elsewhere."
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the directory \(path) for the Moji database (\(reason)). Set MOJI_HOME to a writable directory."
        case .busy(let path):
            "\(path) stayed locked by another process longer than the wait allowed. Try again, or wait longer: "
                + "`--wait SECONDS` or MOJI_BUSY_TIMEOUT=SECONDS for the moji command, "
                + "StoreConfiguration.busyTimeout in code."
        case .cannotRepair(let path, let reason):
            "\(path) was not repaired and is unchanged: \(reason)"
        case .database(let path, let reason):
            "database error in \(path): \(reason)"
        case .invalidExport(let path, let reason):
            "cannot use \(path) as a Moji export: \(reason)"
        case .unsupportedSkinTones(let emoji, let tones, let personCount):
            "\(emoji) has no form with tones \(tones.map(\.identifier).joined(separator: ", ")); "
                + (personCount == 0 ? "it takes no skin tone." : "give one tone, or one per person (\(personCount)).")
        case .collectionNotFound(let name):
            "no collection named \(StoreText.quoted(name)). `moji collections` lists them."
        case .collectionExists(let name):
            "a collection named \(StoreText.quoted(name)) exists already; pick another name or add to it."
        case .itemNotFound(let item, let list):
            "\(item) is not in \(list)."
        case .duplicateCustomCode(let code):
            "a custom emoji with code :\(code): exists already; codes are unique (case-insensitive)."
        case .invalidCustomCode(let code):
            "\(StoreText.quoted(code)) is not a valid custom emoji code: use letters, digits, '_', '-' or '+', "
                + "without spaces or colons."
        case .invalidCollectionName(let name, let reason):
            "the collection name \(StoreText.quoted(name)) \(reason); give a name of 1 to \(StoreText.maximumLength) "
                + "characters without control characters."
        case .invalidCustomEmoji(let code, let reason):
            "the custom emoji \(StoreText.quoted(":" + code + ":")) cannot be stored: its \(reason)."
        case .invalidImportEntry(let entry, let reason):
            "cannot import \(entry): \(reason). Nothing was imported; fix or remove that entry and import again."
        case .readOnly(let path):
            "\(path) is read-only (the file or its directory cannot be written): Moji can read it but not save "
                + "changes. Make both writable (chmod u+w), or set MOJI_HOME to a writable directory and "
                + "copy your data with `moji store export` and `moji store import`."
        case .foreignDatabase(let path, let tables):
            "\(path) is another program's SQLite database (tables: "
                + tables.prefix(5).map { StoreText.quoted($0) }.joined(separator: ", ")
                + (tables.count > 5 ? ", …" : "")
                + "), not a Moji store; Moji leaves it alone. "
                + "Point MOJI_HOME (or --database) at a directory of its own."
        case .duplicateCustomSet(let name):
            "a custom emoji set named \(StoreText.quoted(name)) exists already (names ignore case); "
                + "pick another name, or sync that one with `moji custom sync \(name)`."
        case .invalidCustomSet(let name, let reason):
            "the custom emoji set \(StoreText.quoted(name)) cannot be stored: \(reason). Give a name of 1 to "
                + "\(CustomSet.maximumNameLength) characters without spaces, colons or control characters, "
                + "and an http(s) URL or an absolute path as its source."
        case .unknownCustomSet(let name):
            "no custom emoji set named \(StoreText.quoted(name)). `moji custom sets` lists them; "
                + "`moji custom add` adds one."
        case .invalidUserName(let name):
            "\(StoreText.quoted(name)) is not a valid user name: use 1 to 64 lowercase letters, digits, '.', '_' "
                + "or '-', starting with a letter or a digit."
        case .unknownAPIToken(let id):
            "no API token with id \(StoreText.quoted(id)). `moji serve token list` lists them."
        case .unavailable(let database, let reason):
            "\(database) is unavailable: \(reason). Try again when it is back."
        case .unsupported(let operation, let database):
            "\(operation) is not supported on \(database) yet; nothing was changed. Use the SQLite store for it."
        case .invalidDatabaseURL(let url, let reason):
            "\(StoreText.quoted(url)) is not a database URL: \(reason). Write postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE."
        case .invalidQuery(let query, let reason):
            "the query \(StoreText.quoted(query)) \(reason); give the text that was typed, up to "
                + "\(LearnedPicks.maximumQueryLength) characters without control characters. Nothing was recorded."
        }
    }

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
