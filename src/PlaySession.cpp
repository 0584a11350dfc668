#include "PlaySession.h"

#include <chrono>
#include <cstdio>
#include <iostream>

namespace stagehand {

PlaySession::PlaySession(Simulation::Options options, std::string recordPath, InputLog replay)
    : options_(std::move(options)),
      recordPath_(std::move(recordPath)),
      input_(std::move(replay)),
      watcher_(options_.scriptPath, options_.dataRoot) {}

bool PlaySession::start(const std::string& scene, std::string& error) {
    try {
        sim_ = std::make_unique<Simulation>(options_);
        if (!sim_->startScene(scene, error)) return false;
    } catch (const LoadError& e) {
        error = e.what();
        return false;
    }
    scene_ = scene;
    input_.scene = scene;
    input_.seed = options_.seed;
    input_.hasSeed = true;
    sim_->replay(input_);
    if (!recordPath_.empty()) {
        record_.open(std::filesystem::u8path(recordPath_), std::ios::binary | std::ios::trunc);
        if (!record_) std::cerr << "stagehand: cannot write the input record " << recordPath_ << '\n';
        record_ << input_.header();
        for (const auto& command : input_.commands) record_ << InputLog::formatCommand(command) << '\n';
        record_.flush();
    }
    attachRecorder();
    return true;
}

void PlaySession::attachRecorder() {
    sim_->world().setInputRecorder([this](const InputCommand& command) {
        input_.commands.push_back(command);
        if (record_) record_ << InputLog::formatCommand(command) << '\n' << std::flush;
    });
}

void PlaySession::reloadIfChanged(double now) {
    std::string changed;
    if (!sim_ || !watcher_.poll(now, changed)) return;
    std::string error;
    auto started = std::chrono::steady_clock::now();
    if (!reload(error)) {
        std::cerr << "stagehand: reload failed: " << error << " (still running the previous version)\n";
        sim_->world().showError("reload failed: " + error + " (still running the previous version)", 1e9f);
        return;
    }
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    char line[256];
    std::snprintf(line, sizeof line, "reloaded %s (%s at %.2f s, %.0f ms)", changed.c_str(), scene_.c_str(),
                  sim_->time(), ms);
    std::cerr << "stagehand: " << line << '\n';
    sim_->world().showNotice(line);
}

bool PlaySession::reload(std::string& error) {
    try {
        auto fresh = Simulation::rebuild(options_, scene_, input_, sim_->ticks());
        sim_ = std::move(fresh);
    } catch (const LoadError& e) {
        error = e.what();
        return false;
    }
    attachRecorder();
    return true;
}

}  // namespace stagehand
