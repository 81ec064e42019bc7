// A C ABI over Google's RobotsMatcher, so Rust can call it without bindgen.
//
// Why pointer + length everywhere: robots bodies, agents and URLs may hold
// NUL bytes and invalid UTF-8. They must reach Google's code exactly as its
// own absl::string_view / std::string API would receive them, so nothing here
// trims, re-encodes or stops at a NUL. The shim adds no behaviour of its own;
// it only builds the argument types and catches every C++ exception so that
// none unwinds into Rust.

#include <cstddef>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "robots.h"

extern "C" {

struct rep_google_bytes {
  const char* data;
  size_t len;
};

struct rep_google_result {
  int allowed;
  int matching_line;
  int ever_seen_specific_agent;
  // Filled only when the call returns non-zero.
  char error[256];
};

static void rep_google_set_error(rep_google_result* out, const char* message) {
  std::strncpy(out->error, message, sizeof(out->error) - 1);
  out->error[sizeof(out->error) - 1] = '\0';
}

// Returns 0 on success, 1 when Google's code threw (the message is in
// out->error). A fresh RobotsMatcher per call keeps calls independent and
// thread-safe: the library keeps all state in the matcher object.
int rep_google_check(const char* body, size_t body_len,
                     const rep_google_bytes* agents, size_t agent_count,
                     const char* url, size_t url_len,
                     rep_google_result* out) {
  out->error[0] = '\0';
  try {
    std::vector<std::string> agent_list;
    agent_list.reserve(agent_count);
    for (size_t i = 0; i < agent_count; ++i) {
      agent_list.emplace_back(agents[i].data, agents[i].len);
    }
    const std::string url_string(url, url_len);
    googlebot::RobotsMatcher matcher;
    const bool allowed = matcher.AllowedByRobots(
        absl::string_view(body, body_len), &agent_list, url_string);
    out->allowed = allowed ? 1 : 0;
    out->matching_line = matcher.matching_line();
    out->ever_seen_specific_agent = matcher.ever_seen_specific_agent() ? 1 : 0;
    return 0;
  } catch (const std::exception& e) {
    rep_google_set_error(out, e.what());
  } catch (...) {
    rep_google_set_error(out, "unknown C++ exception");
  }
  return 1;
}

}  // extern "C"
