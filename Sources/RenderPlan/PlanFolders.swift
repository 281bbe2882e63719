/// The folders a plan's paths resolve against (`RenderPlan.directory`), its own and its
/// compositions', which the plan's JSON leaves out so that it reads the same on every machine.
/// Sent beside a plan to another process on the same machine, they make the plan it decodes
/// equal to the one sent.
public struct PlanFolders: Codable, Sendable, Equatable {
  public var directory: String
  /// Those of `RenderPlan.compositions`, in order.
  public var compositions: [PlanFolders]

  /// The folders of `plan` and of its compositions, to any depth.
  public init(of plan: RenderPlan) {
    directory = plan.directory
    compositions = plan.compositions.map { PlanFolders(of: $0.plan) }
  }

  /// `plan` with these folders; nil when its compositions are not the ones these were taken
  /// from.
  public func applied(to plan: RenderPlan) -> RenderPlan? {
    guard plan.compositions.count == compositions.count else { return nil }
    var plan = plan
    plan.directory = directory
    for index in plan.compositions.indices {
      guard let child = compositions[index].applied(to: plan.compositions[index].plan) else {
        return nil
      }
      plan.compositions[index].plan = child
    }
    return plan
  }
}
