import PlanValues
import ProjectFile
import RenderPlan

extension LayerSpec {
  /// The facts of what the layer plays like a video: its source's probe, or its child
  /// project's, filed under the child's key among `facts` (by resolved path).
  public func playedFacts(in directory: String, facts: [String: MediaFacts]) -> MediaFacts? {
    switch content {
    case .video(let video): facts[ProjectPaths.resolve(video.clip.source.value, in: directory)]
    case .project(let project): facts[project.key(in: directory)]
    case .image, .fill, .text, .captions, .sequence: nil
    }
  }
}
