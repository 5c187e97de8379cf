import MarblesCore

extension SVGRenderer {
  /// `render`, adding to `work` what building and drawing the document visited (the tests
  /// check that it grows linearly with the run).
  func _render(_ run: ScriptRun, work: inout Int) -> String {
    let diagram = VisualDiagram(quiz ? run.quiz(revealed: revealed).run : run)
    work += diagram.work + diagram.rows.count
    return SVGLayout(diagram, interactive: false).document(theme: theme, work: &work)
  }
}
