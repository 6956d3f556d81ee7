/// A weak reference to an object, for a closure that may outlive it and must not keep it
/// alive: it reads `object`, which is nil once the object is gone. Sendable because the
/// closures that hold one run on the thread that owns the object, or use an object that
/// makes its users take turns (an opened store file, whose reads hold its lock).
struct WeakReference<Object: AnyObject>: @unchecked Sendable {
  private(set) weak var object: Object?

  init(_ object: Object) {
    self.object = object
  }
}
