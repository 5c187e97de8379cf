extension HTMLRenderer {
  /// `render`, adding to `work` what building and drawing the page visited (the tests check
  /// that it grows linearly with the run).
  func _render(_ run: ScriptRun, work: inout Int) -> String {
    render(VisualDiagram(quiz ? run.quiz.run : run), work: &work)
  }
}
