print("dose-notify")
