/// A value type whose values a marble character can stand for without a values-map entry.
///
/// In a marble, a digit is that integer and any other character is the one-character string.
/// Typed Swift tests follow the same rule per type: `"-1-2|"` gives `1`, `2` for `Int` and
/// `"1"`, `"2"` for `String`. Types without a conformance need a values-map entry for every key.
public protocol MarbleValueConvertible {
  /// The value that `key` (one character of a marble) stands for, or nil if it stands for none.
  static func marbleValue(forKey key: String) -> Self?
}

extension Int: MarbleValueConvertible {
  /// A digit is that integer; other characters have no `Int` value.
  public static func marbleValue(forKey key: String) -> Int? {
    guard key.count == 1, let character = key.first, character.isMarbleDigit else { return nil }
    return character.wholeNumberValue
  }
}

extension Double: MarbleValueConvertible {
  /// A digit is that number; other characters have no `Double` value.
  public static func marbleValue(forKey key: String) -> Double? {
    Int.marbleValue(forKey: key).map(Double.init)
  }
}

extension String: MarbleValueConvertible {
  /// Every character is the one-character string (digits too).
  public static func marbleValue(forKey key: String) -> String? { key }
}

extension Character: MarbleValueConvertible {
  /// Every character stands for itself.
  public static func marbleValue(forKey key: String) -> Character? {
    key.count == 1 ? key.first : nil
  }
}

extension AnyHashable: MarbleValueConvertible {
  /// As in `.marble` scripts: a digit is the `Int`, any other character the `String`.
  public static func marbleValue(forKey key: String) -> AnyHashable? {
    if let number = Int.marbleValue(forKey: key) { return AnyHashable(number) }
    return AnyHashable(key)
  }
}
