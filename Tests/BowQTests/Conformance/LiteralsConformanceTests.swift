import BowQ
import Foundation
import XCTest

/// Lexical rules, literals and simple expressions: "Predicate Format String Syntax" —
/// Parser Basics, Identifiers, Literals, Reserved Words — and the BNF's value and keypath
/// expressions (features §1 and §2).
final class LiteralsConformanceTests: XCTestCase {
  private typealias C = Conformance

  func testWhitespaceIsInsignificant() {
    let basics = "Parser Basics: the parser is \"whitespace insensitive\""
    C.check(basics, "\tage =\n41\n", is: true)
    C.check(basics, "age==41&&name=='Ann'", is: true)
    C.check(basics, "  ( ( age  >  40 ) )  ", is: true)
  }

  func testKeywordsAreCaseInsensitiveAndKeyPathsAreNot() {
    let basics = "Parser Basics: \"case insensitive with respect to keywords\""
    C.check(basics, "age == 41 AnD name beginswith 'A' and nickname == Nil", is: true)
    C.check(basics, "age == 41 or FALSEPREDICATE", is: true)
    C.check(basics, "truepredicate", is: true)
    C.check(basics, "yEs == 1 AND nO == 0 AND tRuE == 1", is: true)
    C.check(
      "KVC keys are case-sensitive (features §1, keyword case)", "Name == nil AND AGE == nil",
      is: true)
  }

  func testIdentifiersAndEscapedReservedWords() {
    C.check("Identifiers: \"C style identifier\"", "_private == nil AND age2 == nil", is: true)
    let symbol = "Identifiers: \"#symbol\" escapes a reserved word into a user identifier"
    C.check(symbol, "#size == 3", on: ["size": 3], is: true)
    C.check(symbol, "#like LIKE 'like'", on: ["like": "like"], is: true)
    C.check(symbol, "scores.@max.#self == 3", is: true)
    C.rejects(
      "Reserved Words: a key spelt like one must be escaped", "size == 3",
      error: #"1:1: "size" is a reserved word; write #size to use it as a name"#)
    C.rejects(
      "Reserved Words: SUBQUERY is reserved", "subquery == 3",
      error: #"1:10: expected "(" after SUBQUERY, found "==""#)
  }

  func testStringLiterals() {
    let quotes = "Literals: single and double quotes \"produce the same result\""
    C.check(quotes, #"name == "Ann" AND name == 'Ann'"#, is: true)
    C.check(
      "Literals: the two quote kinds \"do not terminate each other\"",
      #"'it"s' == "it\"s" AND "a'b" == 'a\'b'"#, is: true)
    C.rejects(
      "Creating Predicates: quotes \"must be paired appropriately\"", #"name == "Ann'"#,
      error: #"1:9: unterminated string: add the closing ""#)
  }

  func testStringEscapes() {
    let identifiers = "Identifiers: octal (\\ooo), hex (\\xhh) and Unicode (\\uhhhh) escapes"
    C.check(identifiers, #"name == "\101nn" AND name == "\x41nn" AND name == "\u0041nn""#, is: true)
    C.check(identifiers, #"name == "\X41nn" AND name == "\U0041nn""#, is: true)
    C.check(
      "features §1: \\n \\t \\r \\\\ \\\" \\' and \\a \\b \\f \\v",
      #"SELF == "a\n\t\r\\\"\'\a\b\f\v""#, on: "a\n\t\r\\\"'\u{07}\u{08}\u{0C}\u{0B}", is: true)
    C.check(
      "features §1: escapes are resolved before LIKE sees the pattern", #"SELF LIKE "a\\*""#,
      on: "a*", is: true)
    C.rejects(
      "features §1 (bowq is stricter than Apportable's \\c → c)", #"name == "\q""#,
      error: #"1:10: unknown escape "\q" in a string (use \\ for a backslash)"#)
    C.rejects(
      "Identifiers: a hex escape has two digits", #"name == "\x4""#,
      error: #"1:10: invalid escape: write two hex digits, as in \x41"#)
  }

  func testNumbers() {
    let literals = "Literals: \"Standard integer and fixed-point notations\""
    C.check(literals, "age == 41 AND 2.71828 > 2.7 AND 19.75 == 19.75", is: true)
    C.check(
      "Literals: \"Floating-point notation with exponentiation\"", "9.2e-5 < 0.0001 AND 1e2 == 100",
      is: true)
    C.check("Literals: 0x \"denote a hexadecimal digit sequence\"", "age == 0x29", is: true)
    C.check("Literals: 0o \"denote an octal digit sequence\"", "age == 0o51", is: true)
    C.check("Literals: 0b \"denote a binary digit sequence\"", "age == 0b101001", is: true)
    C.check("features §1: a minus sign is a unary operator", "-age == -41 AND - 3 < 0", is: true)
    C.rejects(
      "Literals: a binary sequence has binary digits", "age == 0b102",
      error: #"1:8: invalid base-2 number "0b102""#)
  }

  func testQuestionMarkIsNoToken() {
    C.rejects(
      "Parser Basics: \"?\" \"is not a valid parser token\"", "age == ?",
      error: #"1:8: expected a value or key path, found "?""#)
  }

  func testFormatArguments() {
    let basics = "Parser Basics: %@ is \"a var arg substitution for an object value\""
    C.check(basics, "name == %@", ["Ann"], is: true)
    C.check(basics, "age == %@ AND ties[0].lastWorn == %@", [41, Wardrobe.secondDay], is: true)
    C.check(
      "Parser Basics: %K is \"a var arg substitution for a key path\"", "%K like %@",
      ["name", "A*"], is: true)
    let quoted = "Parser Basics: quoting %@ makes it \"a literal\""
    C.check(quoted, "%K like '%@'", ["name"], is: false)
    C.check(quoted, "%K like '%@'", ["name"], on: ["name": "%@"], is: true)
    C.check(
      "Parser Basics' example passes an argument the quoted %@ leaves unused: it is ignored",
      "%K like '%@'", ["name", "Adam"], on: ["name": "%@"], is: true)
    C.check(
      "Parser Basics: printf-style specifiers such as %d and %f", "age == %d AND age < %f",
      [41, 41.5], is: true)
    C.rejects(
      "features §1: a %@ with no argument given is an error", "name == %@",
      error: "1:9: %@ needs argument 1, but 0 arguments were given")
    XCTAssertThrowsError(try Parser.parsePredicate("name == %@")) { error in
      XCTAssertEqual(
        (error as? LanguageError)?.description,
        "1:9: %@ is a format argument, which only a format string of the Swift API takes "
          + "(FormatPredicate(format:…)); write the value itself",
        "features §1: \"No arguments exist in a REPL, so % is an error there\"")
    }
  }

  func testSubstitutionVariables() {
    let basics = "Parser Basics: \"Variables are denoted with a $\""
    C.check(basics, "age > $MIN_AGE", variables: ["MIN_AGE": 18], is: true)
    C.raises(
      "features §1: \"Evaluating an unbound variable raises\"", "age > $MIN_AGE",
      error: "1:7: unbound variable $MIN_AGE: give it a value in the substitution variables.")
    C.check(
      "Parser Basics: a quoted '$variable' is a literal", "'$MIN_AGE' BEGINSWITH '$'", is: true)
  }

  func testBooleanLiterals() {
    C.check("Literals: \"TRUE, YES\" — logical true", "YES == TRUE AND YES == 1", is: true)
    C.check("Literals: \"FALSE, NO\" — logical false", "NO == FALSE AND NO == 0", is: true)
    let boolean = "Creating Predicates, Boolean Values: \"anAttribute == YES\""
    C.check(boolean, "isFavorite == YES", on: Wardrobe.blue, is: true)
    C.check(boolean, "isFavorite == %@", [true], on: Wardrobe.blue, is: true)
    C.check(
      "features §2: flag == YES and flag == 1 are the same test", "isFavorite == 1",
      on: Wardrobe.blue, is: true)
    C.rejects(
      "features §2: \"A bare TRUE is not a predicate\"", "TRUE",
      error: "1:5: expected a comparison after this expression (for example == or >)")
  }

  func testNullLiterals() {
    let literals = "Literals: \"NULL, NIL\" — a null value"
    C.check(literals, "missing == nil AND missing == NULL AND nickname == nil", is: true)
    C.check(
      "Using Null Values: \"does not match any value with null except null (nil) or the NSNull null value\"",
      "nickname == 0 OR nickname == '' OR note == nil", is: false)
  }

  func testSelf() {
    let literals = "Literals: \"SELF\" represents the object being evaluated"
    C.check(literals, "SELF == 'Ann'", on: "Ann", is: true)
    C.check(literals, "SELF.name == name AND SELF.address.zip == 1003", is: true)
    C.check(literals, "SELF IN {1, 2}", on: 2, is: true)
  }

  func testAggregateLiterals() {
    let aggregate = "Literals: \"Comma-separated literal array\""
    C.check(aggregate, "name IN { 'Ben', 'Ann', 'Nick' }", is: true)
    C.check(
      "BNF, literal_aggregate: \"{\" [expression …] \"}\" — {} is empty", "age IN {}", is: false)
    C.check(
      "BNF, literal_aggregate: the elements are expressions", "{age, age + 1}.@sum == 83", is: true)
  }

  func testCastMakesDates() {
    let cast = "features §2: CAST(n, \"NSDate\") is n seconds after 2001-01-01T00:00:00Z"
    C.check(cast, #"ties[0].lastWorn == CAST(86400, "NSDate")"#, is: true)
    C.check(cast, #"CAST(-1.5, "NSDate") < CAST(0, "NSDate")"#, is: true)
    C.check(
      "features §2: CAST converts between string, number and date",
      #"CAST("41", "NSNumber") == age AND CAST(age, "NSString") == "41""#, is: true)
    C.rejects(
      "features §2: CAST targets are class names", #"CAST(age, "NSFrobnicator") == 1"#,
      error:
        #"1:1: CAST to "NSFrobnicator" is not supported; use "NSDate", "NSNumber", "NSString", "NSUUID""#
    )
  }

  func testKeyPaths() {
    let keyPaths = "Using Predicates with Key-Paths: key paths traverse relationships"
    C.check(keyPaths, "address.street BEGINSWITH 'Rue'", is: true)
    C.check("features §2: a nil step along the path gives nil", "spouse.name == nil", is: true)
    C.check(
      "features §2: a to-many step gives a collection of values", "ties.name CONTAINS 'Polka Dot'",
      is: true)
    C.check("features §2: length is KVC's key of a string", "name.length == 3", is: true)
  }

  func testCollectionOperators() {
    let kvc = "features §2: KVC collection operators inside key paths"
    C.check(kvc, "ties.@count == 3 AND ties.@sum.timesWorn == 16", is: true)
    C.check(kvc, "ties.@avg.rating BETWEEN {3.49, 3.51} AND ties.@min.rating == 2", is: true)
    C.check(kvc, "ties.@max.rating == 5", is: true)
    let empty = "features §2: empty collections: @count 0, @sum 0, @min/@max nil, @avg 0 (GNUstep)"
    C.check(
      empty, "empty.@count == 0 AND empty.@sum == 0 AND empty.@min == nil AND empty.@max == nil",
      is: true)
    C.check(empty, "empty.@avg == 0", is: true)
    C.check(
      "features §2: @distinctUnionOfObjects", "count(ties.@distinctUnionOfObjects.isFavorite) == 2",
      is: true)
    // Apple's parser takes any @name and KVC raises on evaluating an unknown one (issue
    // 29: `children.@average.age` and `@K == YES` are made by NSPredicate(format:)).
    C.raises(
      "features §2: only KVC's operators are operators", "ties.@frob == 1",
      error: #"1:1: unknown collection operator @frob."#)
    C.prints("issue 29: an unknown operator parses", "@K == YES", as: "@K == 1")
    C.raises(
      "features §2: only KVC's operators are operators", "ties.@average.rating > 1",
      error: #"1:1: unknown collection operator @average."#)
  }

  func testIndexes() {
    let aggregate = "Aggregate Operations: array[index], array[FIRST], array[LAST], array[SIZE]"
    C.check(
      aggregate,
      "scores[0] == 1 AND scores[FIRST] == 1 AND scores[LAST] == 3 AND scores[SIZE] == 3", is: true)
    C.check(
      "features §2: indexes work on aggregate literals", "{4, 5}[1] == 5 AND {}[FIRST] == nil",
      is: true)
    C.check(
      "BNF, index_expression: dictionary_expression \"[\" string_expression \"]\"",
      #"address["zip"] == 1003"#, is: true)
    C.raises(
      "features §2: an index out of range raises", "scores[3] == 1",
      error: "1:1: index 3 is out of range (the collection has 3 elements)")
  }
}
