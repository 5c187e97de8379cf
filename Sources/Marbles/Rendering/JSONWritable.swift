/// Something that writes itself as one JSON value.
public protocol JSONWritable {
  /// Writes the value (an object, array or scalar) to `writer`.
  func writeJSON(to writer: inout JSONWriter)
}

extension JSONWritable {
  /// The value on one line.
  public var compactJSON: String {
    var writer = JSONWriter(compact: true)
    writeJSON(to: &writer)
    return writer.text
  }

  /// The value indented by two spaces; arrays and objects inside it whose one-line form fits in
  /// `inlineLimit` Characters (indent included) stay on one line. Ends without a newline.
  public func prettyJSON(inlineLimit: Int = 100) -> String {
    var writer = JSONWriter(inlineLimit: inlineLimit)
    writeJSON(to: &writer)
    return writer.text
  }
}
