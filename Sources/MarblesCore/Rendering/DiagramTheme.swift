/// The colour scheme of `--format svg` and `--format html`.
public enum DiagramTheme: String, CaseIterable, Sendable {
  /// Light, or dark when the viewer prefers it (CSS `prefers-color-scheme`); the default.
  case auto
  /// Always light.
  case light
  /// Always dark.
  case dark
}
