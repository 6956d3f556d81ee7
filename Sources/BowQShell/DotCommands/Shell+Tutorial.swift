import BowQ
import Foundation

/// `.tutorial`: the lessons of ``Lesson/all`` at the prompt.
///
/// While a lesson runs, the shell's ``Shell/interpreter`` is the tutorial's, on an in-memory
/// scratch copy of the lesson's data: the learner's statements run there, and their own
/// store's interpreter waits in ``Shell/userInterpreter`` untouched until `.tutorial off`
/// (or the last lesson) brings it back. The run is kept for the session, so `.tutorial`
/// resumes it as it was; the position is also written to ``Shell/tutorialProgressPath``,
/// from which a later session resumes the lesson, its earlier steps' answers run again.
extension Shell {
  /// `.tutorial`, `.tutorial N`, `.tutorial list` and `.tutorial off`.
  func runTutorial(_ line: DotCommand.Line) -> DotCommand.Outcome {
    let argument = line.words.count == 2 ? line.words[1].lowercased() : nil
    switch (line.words.count, argument) {
    case (1, _):
      if let tutorial, userInterpreter != nil {
        output.write(TutorialPhrasing.lesson(tutorial, style: style))
        return .done
      }
      return enterTutorial(at: nil)
    case (2, "list"):
      let saved = savedTutorialProgress()
      output.write(
        TutorialPhrasing.list(
          current: tutorial?.position.lesson ?? saved?.position.lesson,
          finished: tutorial?.finishedLessons ?? saved?.finished ?? []))
      return .done
    case (2, "off"):
      guard let tutorial, leaveTutorial() else {
        dotCommandError("the tutorial is not running; `.tutorial` starts it")
        return .failed
      }
      output.write(TutorialPhrasing.left(tutorial))
      return .done
    case (2, let number?) where Int(number).flatMap(Lesson.numbered) != nil:
      return enterTutorial(at: Int(number).map { TutorialPosition(lesson: $0) })
    default:
      dotCommandError(
        ".tutorial takes a lesson from 1 to \(Lesson.all.count), list or off "
          + "(or nothing, to resume)")
      return .failed
    }
  }

  /// Starts the tutorial at `position`, or, when nil, resumes it: the run of this session,
  /// else the position of the progress file, else the first lesson.
  private func enterTutorial(at position: TutorialPosition?) -> DotCommand.Outcome {
    do throws(TutorialError) {
      if let tutorial, let position {
        try tutorial.start(position)
      } else if tutorial == nil {
        guard let sampleDataPath = findSampleData() else {
          dotCommandError(
            "cannot find SampleData.plist, which the lessons start from; "
              + "set BOWQ_SAMPLE_DATA to its path")
          return .failed
        }
        let saved = savedTutorialProgress()
        tutorial = try TutorialRun(
          at: position ?? saved?.position ?? .start, finished: saved?.finished ?? [],
          sampleDataPath: sampleDataPath, like: interpreter)
      }
    } catch {
      dotCommandError(error.message)
      return .failed
    }
    guard let tutorial else { return .failed }
    if userInterpreter == nil {
      userInterpreter = interpreter
      interpreter = tutorial.interpreter
    }
    output.write(
      "The lessons run on a scratch copy of the sample data: your own store is not changed.\n"
        + "`.tutorial off` leaves, `.tutorial` comes back.\n\n"
        + TutorialPhrasing.lesson(tutorial, style: style))
    saveTutorialPosition()
    return .done
  }

  /// Brings the learner's own interpreter back; false when the tutorial was not running.
  @discardableResult
  private func leaveTutorial() -> Bool {
    guard let userInterpreter else { return false }
    interpreter = userInterpreter
    self.userInterpreter = nil
    return true
  }

  /// Runs a statement: in the tutorial, judged by its step, while a lesson runs; else on
  /// the session's interpreter.
  func run(_ statement: Statement) throws -> StatementResult {
    guard userInterpreter != nil, let tutorial else { return try interpreter.execute(statement) }
    return try tutorial.execute(statement)
  }

  /// After a statement that did not parse, in the tutorial: a wrong try at its step.
  func reportUnparsedTry() {
    guard let tutorial, userInterpreter != nil else { return }
    tutorial.countUnparsedTry()
    reportTutorialVerdict()
  }

  /// After a statement run in the tutorial: what its step made of it, and the next task.
  /// After the last step, the tutorial ends, the learner's store comes back and the progress
  /// file is removed — when it is a regular file: anything else there (a
  /// folder, a link, a FIFO) stays as it is, with a note.
  func reportTutorialVerdict() {
    guard let tutorial, userInterpreter != nil, let verdict = tutorial.verdict else { return }
    output.write(TutorialPhrasing.verdict(verdict, tutorial, style: style))
    if case .passed(.end) = verdict {
      leaveTutorial()
      self.tutorial = nil
      if let tutorialProgressPath {
        do {
          try FileRemoval.removeRegularFile(at: tutorialProgressPath)
        } catch {
          output.error(
            ValueText.visible(
              "note: the tutorial's progress file \(tutorialProgressPath) was left as it is: "
                + error.reason)
              + "\n")
        }
      }
      return
    }
    saveTutorialPosition()
  }

  /// The progress the progress file holds, if it holds any: read only from a regular file
  /// (a FIFO there is not waited on), and only its start, as the file holds two short lines.
  private func savedTutorialProgress() -> TutorialProgress? {
    guard let tutorialProgressPath,
      let contents = try? FileContents(reading: tutorialProgressPath, mappingLargeFiles: true)
    else { return nil }
    return TutorialProgress(text: String(decoding: contents.data.prefix(256), as: UTF8.self))
  }

  /// Writes where the learner is to the progress file, in a folder only they can read, as
  /// the history file is kept: a regular file or a new one, through a symbolic link to the
  /// file it leads to; a folder, FIFO or device there is left as it is. The file is a
  /// convenience: a failure to write it is not reported, and the session's run keeps the
  /// position.
  private func saveTutorialPosition() {
    guard let tutorialProgressPath, let tutorial else { return }
    let folder = URL(fileURLWithPath: tutorialProgressPath).deletingLastPathComponent().path
    try? Paths.createPrivateDirectory(atPath: folder)
    guard let target = try? ResolvedPath(tutorialProgressPath) else { return }
    let progress = TutorialProgress(
      position: tutorial.position, finished: tutorial.finishedLessons)
    try? Data(progress.text.utf8).write(
      to: URL(fileURLWithPath: target.realPath), options: .atomic)
  }
}
