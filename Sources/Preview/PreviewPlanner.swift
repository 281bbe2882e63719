import Builds
import Foundation
import PlanValues
import RenderPlan
import Synchronization

/// Plans the project, and plans it again whenever a file it read is saved: the project file,
/// its child projects, every input (the render's own list, `plan.inputs`), and the extra
/// files (a data file). Runs on a thread of its own, which sleeps in the watch between saves.
final class PreviewPlanner: Sendable {
  private let project: PreviewProject
  private let state: PreviewState
  private let watch: InputWatch?
  private let onAttempt: @Sendable (PreviewOpening) -> Void
  /// Facts of probed media by resolved path, with the stamp they were probed at: a file with
  /// the same stamp is not probed again.
  private let probed = Mutex([String: (stamp: FileStamp, facts: MediaFacts)]())
  /// The files watched after the last good plan, kept through broken saves so that fixing an
  /// input (not only the project file) brings the preview back.
  private let lastGoodFiles = Mutex(Set<String>())

  init(
    project: PreviewProject, state: PreviewState,
    onAttempt: @escaping @Sendable (PreviewOpening) -> Void
  ) {
    self.project = project
    self.state = state
    self.onAttempt = onAttempt
    watch = InputWatch()
  }

  /// Whether saves can be followed (inotify was available).
  var isWatching: Bool { watch != nil }

  /// Plans once, on the calling thread.
  func planOnce() {
    // The files known before planning are watched first, so a save while the first plan is
    // made is seen; later plans keep every folder watched while they run.
    if watch?.isEmpty == true {
      let here = FileManager.default.currentDirectoryPath
      watch?.watch(
        Set(([project.path] + project.extraFiles).map { ProjectPaths.resolve($0, in: here) }))
    }
    let opening = project.open { [self] path in
      self.probed.withLock { known in
        guard let entry = known[path], FileStamp.read(path) == entry.stamp else { return nil }
        return entry.facts
      }
    }
    remember(opening)
    // While the project is broken, a file that appears may be the one it missed.
    watch?.watch(files(of: opening), anyArrival: opening.plan == nil)
    state.publish(opening)
    onAttempt(opening)
  }

  /// Plans again after each save, forever, on a thread of its own.
  func follow() {
    guard let watch else { return }
    let thread = Thread { [self] in
      while true {
        watch.waitForChange()
        planOnce()
      }
    }
    thread.name = "chromake preview planner"
    thread.start()
  }

  private func remember(_ opening: PreviewOpening) {
    guard let plan = opening.plan else { return }
    probed.withLock { known in
      for input in plan.inputs {
        guard let facts = input.facts else { continue }
        let path = ProjectPaths.resolve(input.path, in: plan.directory)
        guard let stamp = FileStamp.read(path) else { continue }
        known[path] = (stamp, facts)
      }
    }
  }

  /// Every file whose save changes what the preview shows.
  private func files(of opening: PreviewOpening) -> Set<String> {
    let here = FileManager.default.currentDirectoryPath
    var files = Set(
      ([project.path] + project.extraFiles + opening.sources.fileNames).map {
        ProjectPaths.resolve($0, in: here)
      })
    if let plan = opening.plan {
      for input in plan.inputs {
        files.insert(ProjectPaths.resolve(input.path, in: plan.directory))
      }
      let good = files
      lastGoodFiles.withLock { $0 = good }
    } else {
      files.formUnion(lastGoodFiles.withLock { $0 })
    }
    // A file reached through a symbolic link changes where the link points: its target's
    // folder is watched too.
    for file in files {
      let target = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
      if target != file { files.insert(target) }
    }
    return files
  }
}
